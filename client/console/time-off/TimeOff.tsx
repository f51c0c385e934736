import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { css } from '../../../styled-system/css';
import { DIARY_EVENT } from '../../../shared/console/diary';
import { CallFailed, Loading } from '../../components/CallFailed';
import { selectInput } from '../../components/form-styles';
import { screenTitle, sectionBox, sectionTitle } from '../ui/looks';
import { useCurrentSalon } from '../lib/current-salon';
import { useSalonFacts } from '../lib/salon-facts';
import { dayQuery } from '../diary';
import { today } from '../lib/format';
import { connectSalonChannel } from '../lib/live';
import { ABSENCE_EVENT } from '../../../shared/console/time-off';
import { columnsQuery, timeChanged, timeOffQuery } from './api';
import { TimeOffEditor } from './TimeOffEditor';
import { TimeOffItem } from './TimeOffItem';

/**
 * Time off (docs/console/time-off.md). Owners and managers: every stylist's time off, asked for
 * or added, with Approve and Decline for requests, Remove, and a form to add it. A stylist: "My
 * time off", their own with its state, and "Ask for time off".
 */
export function TimeOff() {
  const salon = useCurrentSalon();
  const manages = salon.role === 'owner' || salon.role === 'manager';
  const queries = useQueryClient();
  const { timezone } = useSalonFacts(salon.id);
  const [notice, setNotice] = useState('');
  const [shown, setShown] = useState('');
  // the salon's stylists (owners and managers), or the stylist's own column (the diary gives only theirs)
  const columns = useQuery({ ...columnsQuery(salon.id), enabled: manages });
  const own = useQuery({ ...dayQuery(salon.id, today()), enabled: !manages });
  const stylists = manages ? columns.data : own.data?.stylists.map((s) => ({ id: s.id, name: s.name }));
  const list = useQuery(timeOffQuery(salon.id, shown ? Number(shown) : undefined));
  useEffect(
    () => connectSalonChannel(salon.id, () => void timeChanged(queries, salon.id), [ABSENCE_EVENT, DIARY_EVENT]),
    [salon.id, queries],
  );
  const nameOf = (id: number) => stylists?.find((s) => s.id === id)?.name ?? 'A stylist';
  const title = manages ? 'Time off' : 'My time off';
  const stylistsFailed = manages ? columns.isError : own.isError;

  const items = [...(list.data ?? [])].sort(
    (a, b) => Number(b.status === 'requested') - Number(a.status === 'requested') || Date.parse(a.start) - Date.parse(b.start),
  );
  return (
    <>
      <h1 className={screenTitle}>{title}</h1>
      <p className={css({ mb: '3', maxW: '65ch' })}>
        {manages
          ? 'Holidays, sick days and training away from the salon. Time off you add here is approved at once; what a stylist asks for waits for an owner or manager (it shows on Today too). Either takes the time off the booking page.'
          : 'Ask for time off here. An owner or manager approves or declines it; once approved, those times are taken off the booking page.'}
      </p>
      {notice && (
        <p role="status" className={css({ mb: '3', p: '2', bg: 'bg', rounded: 'md', border: '1px solid {colors.border}' })}>
          {notice}
        </p>
      )}
      {stylistsFailed ? (
        <CallFailed message="The stylists could not be loaded" onRetry={() => void (manages ? columns.refetch() : own.refetch())} />
      ) : !stylists ? (
        <Loading what="the stylists" />
      ) : stylists.length === 0 ? (
        <p className={sectionBox}>
          {manages
            ? 'The salon has no stylists yet.'
            : 'No column of the diary is yours yet. Ask an owner or a manager to link you to your column in Team.'}
        </p>
      ) : (
        <TimeOffEditor salonId={salon.id} timezone={timezone} stylists={stylists} asking={!manages} onDone={setNotice} />
      )}
      <section aria-labelledby="time-off-list" className={sectionBox}>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2 4', alignItems: 'baseline', mb: '2' })}>
          <h2 id="time-off-list" className={sectionTitle}>
            {manages ? 'Booked and asked for' : 'Yours'}
          </h2>
          {manages && stylists && stylists.length > 1 && (
            <label className={css({ display: 'flex', gap: '2', alignItems: 'center', fontSize: 'sm' })}>
              Show
              <select value={shown} onChange={(e) => setShown(e.target.value)} className={selectInput}>
                <option value="">Every stylist</option>
                {stylists.map((s) => (
                  <option key={s.id} value={String(s.id)}>
                    {s.name}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
        {list.isPending ? (
          <Loading what="the time off" />
        ) : list.isError ? (
          <CallFailed message={list.error.message} onRetry={() => void list.refetch()} />
        ) : items.length === 0 ? (
          <p>No time off from a month ago on.</p>
        ) : (
          <ul className={css({ listStyle: 'none', m: '0', p: '0' })}>
            {items.map((t) => (
              <TimeOffItem
                key={t.id}
                salonId={salon.id}
                t={t}
                timezone={timezone}
                stylistName={manages ? nameOf(t.stylist_id) : undefined}
                canDecide={manages}
                canRemove={manages ? t.status !== 'declined' : t.status === 'requested'}
                removeWord={manages ? 'Remove' : 'Withdraw'}
                onDone={setNotice}
              />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
