import { css } from '../../../styled-system/css';
import { card } from '../../components/styles';
import type { GroupNextTimes, GroupSalon } from '../../../shared/types';
import { nextTimeWords, todayHoursWords } from '../../../shared/group-picker';

type NextTime = GroupNextTimes['salons'][number];

const cardBox = `${card} ${css({ p: '4' })}`;
const detail = css({ color: 'textMuted', fontSize: 'sm', mt: '1' });

/** One location: its booking link, address and map link, today's hours, its next time and distance. */
export function LocationCard(p: {
  salon: GroupSalon;
  href: string;
  now: Date;
  next: NextTime | undefined | null;
  distance: string | null;
}) {
  const { salon, next } = p;
  return (
    <article className={cardBox} aria-labelledby={`location-${salon.id}`}>
      <h2 id={`location-${salon.id}`} className={css({ fontSize: 'lg', fontWeight: '700' })}>
        <a href={p.href} className={css({ color: 'text', textDecoration: 'none', _hover: { textDecoration: 'underline' } })}>
          {salon.name}
        </a>
      </h2>
      {salon.address && (
        <p className={detail}>
          {salon.address}
          {salon.map_link && (
            <>
              {' · '}
              <a href={salon.map_link} target="_blank" rel="noopener noreferrer" className={css({ color: 'accent' })}>
                Map<span className={css({ srOnly: true })}> of {salon.name} (opens in a new tab)</span>
              </a>
            </>
          )}
        </p>
      )}
      <p className={detail}>{todayHoursWords(salon.opening_hours, salon.timezone, p.now)}</p>
      {/* two lines kept for it from the first paint: the time arrives after the page shows, and must not move what is below */}
      <p className={css({ mt: '2', fontWeight: '600', lineHeight: '1.5', minH: '3em' })} data-testid="next-time">
        {next === null
          ? 'Finding the next free time…'
          : next?.next
            ? `Next free: ${nextTimeWords(next.next, salon.timezone, p.now)}${next.service ? ` (${next.service.name})` : ''}`
            : next
              ? 'No free time in the next two weeks'
              : ''}
      </p>
      {p.distance && <p className={detail}>{p.distance}</p>}
    </article>
  );
}
