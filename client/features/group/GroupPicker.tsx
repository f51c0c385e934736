import { css } from '../../../styled-system/css';
import type { Group } from '../../../shared/types';
import { pageColumn, pageTitle } from '../../components/styles';
import { CookieSettingsLink } from '../../components/CookieSettingsLink';
import { PoweredBy } from '../../components/PoweredBy';

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

/** /group/{id}/: 'Choose a location to book:' with each salon's short booking URL. */
export function GroupPicker({ group, search }: { group: Group; search: string }) {
  const utm = utmString(search);
  return (
    <main className={pageColumn}>
      <h1 className={pageTitle}>{group.name}</h1>
      <p className={css({ fontWeight: '600', mb: '3' })}>Choose a location to book:</p>
      <ul className={css({ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '3' })}>
        {group.salons.map((s) => (
          <li key={s.id}>
            <a
              href={withQuery(s.ncob_tiny_url, utm)}
              className={css({
                display: 'block',
                bg: 'surface',
                border: '1px solid',
                borderColor: 'border',
                rounded: 'lg',
                p: '4',
                fontWeight: '600',
                color: 'text',
                textDecoration: 'none',
                _hover: { bg: 'surfaceMuted' },
              })}
            >
              {s.name}
            </a>
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
