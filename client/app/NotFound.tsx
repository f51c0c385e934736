import { Link } from 'react-router';
import { css } from '../../styled-system/css';
import type { Bootstrap } from '../../shared/types';
import { pageColumn, pageTitle, primaryButton } from '../components/styles';

type What = Extract<Bootstrap, { page: 'not-found' }>['what'];

const MESSAGES: Record<What, string> = {
  salon: "We couldn't find that salon. The link may be mistyped, or the salon may have moved.",
  group: "We couldn't find that group of salons. The link may be mistyped.",
  domain: "This address isn't linked to a salon yet.",
  'short URL': "That short link doesn't belong to any salon. Please check it with your salon.",
  page: "We couldn't find that page.",
};

/**
 * The one not-found page (docs/booking/accounts-and-money.md §2, §8: it asks the client to refresh). With
 * a salon (an unknown path of its booking area) it sits in the salon's layout and theme and leads
 * back to the salon's start; without one (the edge's 404 for an unknown salon, group, domain or
 * short URL) it is a page of its own, in the neutral look, leading to the start.
 */
export function NotFound({ what, salon }: { what: What; salon?: { name: string } }) {
  const body = (
    <>
      <h1 className={pageTitle}>Page not found</h1>
      <p className={css({ mb: '2' })}>{MESSAGES[what]}</p>
      <p className={css({ mb: '6' })}>
        {salon ? `Please refresh the page, or go back to ${salon.name}.` : 'Please refresh the page, or go to the start.'}
      </p>
    </>
  );
  if (salon)
    return (
      <div>
        {body}
        {/* A long salon name wraps inside the button, centred. */}
        <Link className={`${primaryButton} ${css({ textAlign: 'center', py: '2' })}`} to="/">
          Back to {salon.name}
        </Link>
      </div>
    );
  return (
    <main className={pageColumn}>
      {body}
      <a className={primaryButton} href="/">
        Go to the start
      </a>
    </main>
  );
}
