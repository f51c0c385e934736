import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { css } from '../../../styled-system/css';
import { MENU_EVENT } from '../../../shared/console/menu';
import type { ConsoleStylist, StrandsAnswer, WeekdayHours } from '../../../shared/console/stylists';
import { CallFailed, Loading } from '../../components/CallFailed';
import { linkButton, primaryButton, smallOutlineButton } from '../../components/styles';
import { useCurrentSalon } from '../lib/current-salon';
import { listRow, muted, screenTitle, sectionBox, sectionTitle } from '../ui/looks';
import { MoveButtons } from '../ui/MoveButtons';
import { FormAlert } from '../ui/Field';
import { longDay } from '../lib/format';
import { ApiError } from '../lib/api';
import { connectSalonChannel } from '../lib/live';
import { servicesQuery } from '../services';
import { changePhoto, ConsolePhotosError } from '../settings';
import { changeStylist, stylistsChanged, stylistsListQuery, teamStylistsQuery } from './api';
import { DAY_NAMES, WEEK_ORDER } from './form';
import { StrandedList } from './StrandedList';
import { StylistEditor } from './StylistEditor';

/** the photo's file field is hidden in its button: the button shows where the focus is */
const photoButton = css({ cursor: 'pointer', _focusWithin: { outline: '2px solid', outlineOffset: '2px' } });
const avatar = css({ w: '10', h: '10', rounded: 'full', objectFit: 'cover', flexShrink: 0 });

/** A day's hours in words: "09:00 to 17:30, break 13:00 to 13:30". */
const dayWords = (h: Pick<WeekdayHours, 'start' | 'end' | 'breaks'>) =>
  [`${h.start} to ${h.end}`, ...h.breaks.map((b) => `break ${b.start} to ${b.end}`)].join(', ');

/**
 * Stylists (issue 48): the salon's bookable columns in the diary's order, what each performs at
 * what price and for how long, their weekly hours with breaks and extra working days. Owners and
 * managers change them; a stylist sees their own column read-only. A change that would strand
 * appointments shows them first and saves only when confirmed. Other consoles update live.
 */
export function Stylists() {
  const salon = useCurrentSalon();
  const queries = useQueryClient();
  const editor = salon.role !== 'stylist';
  const stylists = useQuery(stylistsListQuery(salon.id));
  const menu = useQuery({ ...servicesQuery(salon.id), enabled: editor });
  const team = useQuery({ ...teamStylistsQuery(salon.id), enabled: editor });
  const [editing, setEditing] = useState<{ stylist: ConsoleStylist | null } | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [leaving, setLeaving] = useState<{ stylist: ConsoleStylist; answer: StrandsAnswer } | null>(null);
  useEffect(() => connectSalonChannel(salon.id, () => void stylistsChanged(queries, salon.id), MENU_EVENT), [salon.id, queries]);

  /** Runs a change; a refusal's words show (a 409 with appointments lists them), and the list is asked for again. */
  const run = async (change: () => Promise<unknown>, done: string, s?: ConsoleStylist) => {
    setFailure(null);
    setStatus(null);
    try {
      await change();
      setLeaving(null);
      setStatus(done);
    } catch (e) {
      if (e instanceof ConsolePhotosError) return setFailure(e.message);
      if (!(e instanceof ApiError)) throw e;
      const answer = e.body as Partial<StrandsAnswer> | null;
      if (e.status === 409 && s && answer?.appointments) setLeaving({ stylist: s, answer: answer as StrandsAnswer });
      else setFailure(e.message);
    } finally {
      void stylistsChanged(queries, salon.id);
    }
  };

  if (stylists.isPending) return <Loading what="the stylists" />;
  if (stylists.isError) return <CallFailed message={stylists.error.message} onRetry={() => void stylists.refetch()} />;
  if (!editor) return <OwnHours stylists={stylists.data} />;

  const working = stylists.data.filter((s) => s.active);
  const resting = stylists.data.filter((s) => !s.active);
  return (
    <>
      <h1 className={screenTitle}>Stylists</h1>
      {status && (
        <p role="status" className={css({ mb: '3' })}>
          {status}
        </p>
      )}
      {failure && <FormAlert>{failure}</FormAlert>}
      {leaving && (
        <StrandedList
          salonId={salon.id}
          answer={leaving.answer}
          confirmLabel={`Keep them and stop ${leaving.stylist.name}’s bookings`}
          onConfirm={() =>
            void run(
              () => changeStylist(salon.id, leaving.stylist, { active: false, confirm: true }),
              `${leaving.stylist.name} no longer takes bookings.`,
            )
          }
          onCancel={() => setLeaving(null)}
        />
      )}
      {editing &&
        (menu.isPending || team.isPending ? (
          <Loading what="the services" />
        ) : menu.isError ? (
          <CallFailed message={menu.error.message} onRetry={() => void menu.refetch()} />
        ) : (
          <StylistEditor
            key={editing.stylist?.id ?? 'new'}
            salonId={salon.id}
            stylist={editing.stylist}
            menu={menu.data}
            team={team.data ?? []}
            onCancel={() => setEditing(null)}
            onDone={(message) => {
              setEditing(null);
              setStatus(message);
              void stylistsChanged(queries, salon.id);
            }}
          />
        ))}
      <section aria-labelledby="working-stylists" className={sectionBox}>
        <h2 id="working-stylists" className={sectionTitle}>
          Taking bookings
        </h2>
        {working.map((s, i) => (
          <div key={s.id} className={listRow}>
            {s.photo ? <img src={s.photo.url} alt="" className={avatar} /> : null}
            <div className={css({ flex: '1 1 14rem', minW: 0 })}>
              <span className={css({ fontWeight: '600' })}>{s.name}</span>
              {s.title && <span className={muted}> · {s.title}</span>}
              <div className={muted}>
                {s.hours.length ? `${s.hours.length} ${s.hours.length === 1 ? 'day' : 'days'} a week` : 'No weekly hours'} ·{' '}
                {s.services.length} {s.services.length === 1 ? 'service' : 'services'}
                {s.extra_days.length ? ` · ${s.extra_days.length} extra ${s.extra_days.length === 1 ? 'day' : 'days'}` : ''}
              </div>
            </div>
            <button type="button" className={smallOutlineButton} onClick={() => setEditing({ stylist: s })} aria-label={`Change ${s.name}`}>
              Change
            </button>
            <MoveButtons
              name={s.name}
              first={i === 0}
              last={i === working.length - 1}
              onMove={(by) =>
                void run(() => changeStylist(salon.id, s, { position: s.position + by }), `${s.name} moved ${by < 0 ? 'up' : 'down'}.`)
              }
            />
            <label className={`${smallOutlineButton} ${photoButton}`}>
              Photo
              <input
                type="file"
                accept="image/png,image/jpeg,image/webp"
                aria-label={`Photo of ${s.name}`}
                className={css({ srOnly: true })}
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  if (file) void run(() => changePhoto(salon.id, `stylists/${s.id}`, s.photo, file), `${s.name}’s photo is saved.`);
                }}
              />
            </label>
            <button
              type="button"
              className={smallOutlineButton}
              onClick={() => void run(() => changeStylist(salon.id, s, { active: false }), `${s.name} no longer takes bookings.`, s)}
            >
              {/* its name holds what it shows (axe label-content-name-mismatch): "Stop Ben Okafor taking bookings";
                  one span, so the button's flex layout keeps the space before "taking" */}
              <span>
                Stop<span className={css({ srOnly: true })}> {s.name}</span> taking bookings
              </span>
            </button>
          </div>
        ))}
        <button type="button" className={primaryButton} onClick={() => setEditing({ stylist: null })}>
          Add a stylist
        </button>
      </section>
      {resting.length > 0 && (
        <section aria-labelledby="resting-stylists" className={sectionBox}>
          <h2 id="resting-stylists" className={sectionTitle}>
            Not taking bookings
          </h2>
          {resting.map((s) => (
            <div key={s.id} className={listRow}>
              <span className={css({ flex: '1 1 14rem', fontWeight: '600' })}>{s.name}</span>
              <button
                type="button"
                className={linkButton}
                aria-label={`Let ${s.name} take bookings again`}
                onClick={() => void run(() => changeStylist(salon.id, s, { active: true }), `${s.name} takes bookings again.`)}
              >
                Take bookings again
              </button>
            </div>
          ))}
        </section>
      )}
    </>
  );
}

/** A stylist's own column, read-only: their weekly hours, extra working days and services. */
function OwnHours({ stylists }: { stylists: ConsoleStylist[] }) {
  const mine = stylists[0];
  return (
    <>
      <h1 className={screenTitle}>Your hours</h1>
      {!mine ? (
        <p>Your sign-in is not linked to a column of the diary yet: ask an owner or manager to link it in Team.</p>
      ) : (
        <section aria-labelledby="own-hours" className={sectionBox}>
          <h2 id="own-hours" className={sectionTitle}>
            {mine.name}
          </h2>
          <dl className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '9rem 1fr' }, gap: '1' })}>
            {WEEK_ORDER.map((weekday) => {
              const h = mine.hours.find((x) => x.weekday === weekday);
              return [
                <dt key={`d${weekday}`} className={css({ fontWeight: '600' })}>
                  {DAY_NAMES[weekday]}
                </dt>,
                <dd key={`h${weekday}`}>{h ? dayWords(h) : 'Not working'}</dd>,
              ];
            })}
          </dl>
          {mine.extra_days.length > 0 && (
            <>
              <h3 className={css({ fontWeight: '600', mt: '4', mb: '1' })}>Extra working days</h3>
              <ul>
                {mine.extra_days.map((d) => (
                  <li key={d.date}>
                    {longDay(d.date)}: {dayWords(d)}
                  </li>
                ))}
              </ul>
            </>
          )}
          <p className={css({ mt: '4', fontSize: 'sm', color: 'textMuted' })}>An owner or manager changes your hours.</p>
        </section>
      )}
    </>
  );
}
