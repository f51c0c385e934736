import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { css } from '../../../styled-system/css';
import { MENU_EVENT, rangesOf, type MenuCategory, type MenuService } from '../../../shared/console/menu';
import { formatDurationRange, formatPriceRange } from '../../../shared/money';
import { CallFailed, Loading } from '../../components/CallFailed';
import { Field } from '../../components/Field';
import { fieldInput } from '../../components/form-styles';
import { linkButton, primaryButton, smallOutlineButton } from '../../components/styles';
import { useCurrentSalon } from '../lib/current-salon';
import { listRow, muted, screenTitle, sectionBox, sectionTitle } from '../ui/looks';
import { MoveButtons } from '../ui/MoveButtons';
import { FormAlert } from '../ui/Field';
import { useSalonFacts } from '../lib/salon-facts';
import { ApiError } from '../lib/api';
import { connectSalonChannel } from '../lib/live';
import {
  addCategory,
  categoriesQuery,
  changeCategory,
  changeService,
  menuChanged,
  removeCategory,
  removeService,
  servicesQuery,
  stylistsQuery,
} from './api';
import { ServiceEditor } from './ServiceEditor';

/**
 * Services (issue 48): the salon's categories and services, who performs each at what price and
 * for how long. Each change names the version it started from; one made meanwhile elsewhere is
 * refused (412) and the place shows the menu as it is now. Other consoles update live.
 */
export function Services() {
  const salon = useCurrentSalon();
  const queries = useQueryClient();
  const { currency, country } = useSalonFacts(salon.id);
  const categories = useQuery(categoriesQuery(salon.id));
  const services = useQuery(servicesQuery(salon.id));
  const stylists = useQuery(stylistsQuery(salon.id));
  const [editing, setEditing] = useState<{ service: MenuService | null; categoryId: number } | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => connectSalonChannel(salon.id, () => void menuChanged(queries, salon.id), MENU_EVENT), [salon.id, queries]);

  /** Runs a change; a refusal's words show, and the menu is asked for again either way. */
  const run = async (change: () => Promise<unknown>, done: string) => {
    setFailure(null);
    setStatus(null);
    try {
      await change();
      setStatus(done);
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      setFailure(e.message);
    } finally {
      void menuChanged(queries, salon.id);
    }
  };

  if (categories.isPending || services.isPending) return <Loading what="the services" />;
  if (categories.isError || services.isError)
    return <CallFailed message={(categories.error ?? services.error)!.message} onRetry={() => void menuChanged(queries, salon.id)} />;

  const cats = categories.data;
  return (
    <>
      <h1 className={screenTitle}>Services</h1>
      {status && (
        <p role="status" className={css({ mb: '3' })}>
          {status}
        </p>
      )}
      {failure && <FormAlert>{failure}</FormAlert>}
      {/* a service's form waits for the stylists: without them a save would say nobody performs it */}
      {editing &&
        (stylists.isPending ? (
          <Loading what="the stylists" />
        ) : stylists.isError ? (
          <CallFailed message={stylists.error.message} onRetry={() => void stylists.refetch()} />
        ) : (
          <ServiceEditor
            key={editing.service?.id ?? `new-${editing.categoryId}`}
            salonId={salon.id}
            service={editing.service}
            categoryId={editing.categoryId}
            categories={cats}
            services={services.data}
            stylists={stylists.data}
            onCancel={() => setEditing(null)}
            onDone={(message) => {
              setEditing(null);
              setStatus(message);
              void menuChanged(queries, salon.id);
            }}
          />
        ))}
      {cats.map((c, i) => (
        <section key={c.id} aria-labelledby={`category-${c.id}`} className={sectionBox}>
          <CategoryHeader
            category={c}
            first={i === 0}
            last={i === cats.length - 1}
            onRename={(name) => run(() => changeCategory(salon.id, c, { name }), `${c.name} is now ${name}.`)}
            onMove={(by) => run(() => changeCategory(salon.id, c, { position: c.position + by }), `${c.name} moved.`)}
            onRemove={() => run(() => removeCategory(salon.id, c), `${c.name} is removed.`)}
          />
          {services.data
            .filter((s) => s.category_id === c.id)
            .map((s, j, list) => {
              const r = rangesOf(s.stylists);
              return (
                <div key={s.id} className={listRow}>
                  <div className={css({ flex: '1 1 12rem', minW: 0 })}>
                    <span className={css({ fontWeight: '600' })}>{s.name}</span>
                    <span className={muted}>
                      {' '}
                      {r
                        ? `${formatPriceRange(r.minPrice, r.maxPrice, s.variable_price, currency, country)} · ${formatDurationRange(r.minDuration, r.maxDuration)}${r.processing ? ` · ${r.processing} min processing` : ''}`
                        : 'Nobody performs it yet'}
                      {s.online ? '' : ' · not online'}
                      {s.patch_test ? ' · patch test' : ''}
                    </span>
                  </div>
                  <button
                    type="button"
                    className={smallOutlineButton}
                    onClick={() => setEditing({ service: s, categoryId: c.id })}
                    aria-label={`Change ${s.name}`}
                  >
                    Change
                  </button>
                  <MoveButtons
                    name={s.name}
                    first={j === 0}
                    last={j === list.length - 1}
                    onMove={(by) =>
                      void run(
                        () => changeService(salon.id, s, { position: s.position + by }),
                        `${s.name} moved ${by < 0 ? 'up' : 'down'}.`,
                      )
                    }
                  />
                  <button
                    type="button"
                    className={smallOutlineButton}
                    aria-label={`Remove ${s.name}`}
                    onClick={() => {
                      if (!window.confirm(`Remove ${s.name}? Clients can no longer book it; its appointments keep it.`)) return;
                      void run(async () => removeService(salon.id, s), `${s.name} is removed.`);
                    }}
                  >
                    Remove
                  </button>
                </div>
              );
            })}
          <button type="button" className={linkButton} onClick={() => setEditing({ service: null, categoryId: c.id })}>
            Add a service to {c.name}
          </button>
        </section>
      ))}
      <NewCategory onAdd={(name) => run(() => addCategory(salon.id, { name }), `${name} is added.`)} />
    </>
  );
}

function CategoryHeader(p: {
  category: MenuCategory;
  first: boolean;
  last: boolean;
  onRename: (name: string) => Promise<void>;
  onMove: (by: -1 | 1) => Promise<void>;
  onRemove: () => Promise<void>;
}) {
  const c = p.category;
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(c.name);
  if (renaming)
    return (
      <form
        className={css({ display: 'flex', gap: '2', alignItems: 'flex-end', flexWrap: 'wrap' })}
        onSubmit={(e) => {
          e.preventDefault();
          void p.onRename(name.trim()).then(() => setRenaming(false));
        }}
      >
        <Field label={`New name for ${c.name}`}>
          {(a) => <input {...a} value={name} onChange={(e) => setName(e.target.value)} className={fieldInput} />}
        </Field>
        <button type="submit" className={primaryButton}>
          Rename
        </button>
      </form>
    );
  return (
    <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center', mb: '2' })}>
      <h2 id={`category-${c.id}`} className={`${sectionTitle} ${css({ flex: '1 1 10rem', mb: '0' })}`}>
        {c.name}
      </h2>
      <button type="button" className={smallOutlineButton} onClick={() => setRenaming(true)} aria-label={`Rename ${c.name}`}>
        Rename
      </button>
      <button
        type="button"
        className={smallOutlineButton}
        disabled={p.first}
        onClick={() => void p.onMove(-1)}
        aria-label={`Move ${c.name} up`}
      >
        ↑
      </button>
      <button
        type="button"
        className={smallOutlineButton}
        disabled={p.last}
        onClick={() => void p.onMove(1)}
        aria-label={`Move ${c.name} down`}
      >
        ↓
      </button>
      {c.services === 0 && (
        <button type="button" className={smallOutlineButton} onClick={() => void p.onRemove()} aria-label={`Remove ${c.name}`}>
          Remove
        </button>
      )}
    </div>
  );
}

function NewCategory({ onAdd }: { onAdd: (name: string) => Promise<void> }) {
  const [name, setName] = useState('');
  return (
    <section aria-labelledby="new-category" className={sectionBox}>
      <h2 id="new-category" className={sectionTitle}>
        Add a category
      </h2>
      <form
        className={css({ display: 'flex', gap: '2', alignItems: 'flex-end', flexWrap: 'wrap' })}
        onSubmit={(e) => {
          e.preventDefault();
          void onAdd(name.trim()).then(() => setName(''));
        }}
      >
        <Field label="Category name">
          {(a) => <input {...a} value={name} onChange={(e) => setName(e.target.value)} className={fieldInput} />}
        </Field>
        <button type="submit" className={primaryButton}>
          Add the category
        </button>
      </form>
    </section>
  );
}
