import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Field } from '../../components/Field';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { css } from '../../../styled-system/css';
import { CallFailed, Loading } from '../../components/CallFailed';
import { fieldInput } from '../../components/form-styles';
import { phoneSearchOf } from '../../components/phone-number';
import { primaryButton } from '../../components/styles';
import { useCurrentSalon } from '../lib/current-salon';
import { screenTitle, sectionBox, table } from '../ui/looks';
import { tableScroll } from '../ui/table-scroll';
import { Pager } from '../ui/Pager';
import { salonTime, useSalonFacts } from '../lib/salon-facts';
import { clientListQuery } from './api';
import { ClientCardView } from './ClientCard';

/** Clients: the salon's clients, searched by name or phone; ?client= opens one's card. */
export function Clients() {
  const salon = useCurrentSalon();
  const [params, setParams] = useSearchParams();
  const client = params.get('client');
  if (client) return <ClientCardView salonId={salon.id} clientKey={client} role={salon.role} backTo={backOf(params)} />;
  return (
    <>
      <h1 className={screenTitle}>Clients</h1>
      <Search
        q={params.get('q') ?? ''}
        onSearch={(q) => setParams(q ? { q } : {})}
        intro={
          salon.role === 'stylist'
            ? 'The clients who have booked with you.'
            : `Everyone who has booked with ${salon.name} or been sent a request.`
        }
      />
      <Results
        salonId={salon.id}
        q={params.get('q') ?? ''}
        page={Number(params.get('page') ?? 1) || 1}
        onPage={(p) => setParams({ ...Object.fromEntries(params), page: String(p) })}
      />
    </>
  );
}

/** The list the card was opened from (its search and page). */
function backOf(params: URLSearchParams) {
  const back = new URLSearchParams(params);
  back.delete('client');
  return `?${back.toString()}`;
}

function Search({ q, onSearch, intro }: { q: string; onSearch: (q: string) => void; intro: string }) {
  const [typed, setTyped] = useState(q);
  return (
    <section aria-label="Search clients" className={sectionBox}>
      <p className={css({ mb: '3' })}>{intro}</p>
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          onSearch(typed.trim());
        }}
        className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-end' })}
      >
        <div className={css({ flex: '1 1 240px', maxW: '420px', '& > div': { mb: '0' } })}>
          <Field label="Name or phone">
            {(a) => (
              <input {...a} type="search" value={typed} maxLength={80} onChange={(e) => setTyped(e.target.value)} className={fieldInput} />
            )}
          </Field>
        </div>
        <button type="submit" className={primaryButton}>
          Search
        </button>
      </form>
    </section>
  );
}

function Results({ salonId, q, page, onPage }: { salonId: number; q: string; page: number; onPage: (p: number) => void }) {
  const facts = useSalonFacts(salonId);
  // a phone as staff type it, read in the salon's country ('07700 900123')
  const list = useQuery({ ...clientListQuery(salonId, phoneSearchOf(q, facts.country), page), placeholderData: keepPreviousData });
  if (list.isPending) return <Loading what="clients" />;
  if (list.isError) return <CallFailed message={list.error.message} onRetry={() => void list.refetch()} />;
  const { clients, total, pages } = list.data;
  return (
    <section aria-labelledby="clients-found" className={sectionBox}>
      <h2 id="clients-found" className={css({ fontWeight: '700', mb: '2' })} aria-live="polite">
        {q ? `${total} ${total === 1 ? 'client matches' : 'clients match'} “${q}”` : `${total} ${total === 1 ? 'client' : 'clients'}`}
      </h2>
      {clients.length > 0 && (
        <div className={tableScroll}>
          <table className={table}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Phone</th>
                <th scope="col" className={css({ display: { base: 'none', md: 'table-cell' } })}>
                  Last visit
                </th>
              </tr>
            </thead>
            <tbody>
              {clients.map((c) => (
                <tr key={c.id}>
                  <td>
                    <Link
                      to={`?${new URLSearchParams({ ...(q ? { q } : {}), page: String(page), client: c.id }).toString()}`}
                      className={css({ color: 'primary', fontWeight: '600', textDecoration: 'underline' })}
                    >
                      {c.name}
                    </Link>
                    {!c.has_account && (
                      <span className={css({ display: 'block', fontSize: 'sm', color: 'textMuted' })}>No account yet</span>
                    )}
                  </td>
                  <td className={css({ whiteSpace: 'nowrap' })}>{c.phone}</td>
                  <td className={css({ display: { base: 'none', md: 'table-cell' } })}>
                    {c.last_visit ? salonTime(c.last_visit, facts.timezone) : 'Not yet'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} pages={pages} onPage={onPage} what="clients" />
    </section>
  );
}
