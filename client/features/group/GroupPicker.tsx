import { css } from '../../../styled-system/css';
import { DEFAULT_PICKER_HEADING, distanceKm, distanceWords } from '../../../shared/group-picker';
import type { Group } from '../../../shared/types';
import { outlineButton, pageColumn, pageTitle } from '../../components/styles';
import { CookieSettingsLink } from '../../components/CookieSettingsLink';
import { PoweredBy } from '../../components/PoweredBy';
import { LocationCard } from './LocationCard';
import { useNextTimes } from './use-next-times';
import { usePosition } from './use-position';

/** The utm parameters of this page's address, as a query string to append to salon links. */
function utmString(search: string): string {
  const utm = new URLSearchParams();
  for (const [k, v] of new URLSearchParams(search)) if (k.startsWith('utm_')) utm.append(k, v);
  return utm.toString();
}

function withQuery(url: string, query: string): string {
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/** Miles where people count in miles (the UK and the US), kilometres elsewhere. */
const countsMiles = () => typeof navigator !== 'undefined' && /^en-(GB|US)$/i.test(navigator.language);

/**
 * /group/{id}/: the group owner's heading and text, then each location with its address, today's
 * hours and its next free time (for the service the campaign link names: `?service=`), all times
 * asked in one call; with the client's consent, nearest first.
 */
export function GroupPicker({ group, search }: { group: Group; search: string }) {
  const utm = utmString(search);
  const service = new URLSearchParams(search).get('service');
  const next = useNextTimes(group.id, service);
  const [position, askPosition] = usePosition();
  const now = new Date();
  const located = group.salons.filter((s) => s.latitude !== null && s.longitude !== null);
  const here = position.state === 'known' ? position : null;
  const km = (s: Group['salons'][number]) =>
    here && s.latitude !== null && s.longitude !== null ? distanceKm(here, { latitude: s.latitude, longitude: s.longitude }) : Infinity;
  const salons = here ? [...group.salons].sort((a, b) => km(a) - km(b)) : group.salons;
  return (
    <main className={pageColumn}>
      <h1 className={pageTitle}>{group.name}</h1>
      <p className={css({ fontWeight: '600', mb: '1' })}>{group.heading || DEFAULT_PICKER_HEADING}</p>
      {group.text && <p className={css({ mb: '3', color: 'textMuted' })}>{group.text}</p>}
      {located.length >= 2 && (
        <div className={css({ my: '3' })}>
          <button type="button" className={outlineButton} onClick={askPosition} disabled={position.state === 'asking'}>
            {here ? 'Sorted by distance from you' : 'Sort by distance from me'}
          </button>
          <p className={css({ fontSize: 'sm', color: 'textMuted', mt: '1' })} role="status">
            {position.state === 'refused' ? position.message : 'Your position stays on this device.'}
          </p>
        </div>
      )}
      <ul aria-label="Locations" className={css({ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '3' })}>
        {salons.map((s) => (
          <li key={s.id}>
            <LocationCard
              salon={s}
              href={withQuery(s.ncob_tiny_url, utm)}
              now={now}
              next={next === null ? null : next.get(s.id)}
              distance={here && km(s) !== Infinity ? distanceWords(km(s), countsMiles()) : null}
            />
          </li>
        ))}
      </ul>
      <div className={css({ mt: '6' })}>
        <PoweredBy />
        <CookieSettingsLink />
      </div>
    </main>
  );
}
