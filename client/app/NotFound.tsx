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

export function NotFound({ what }: { what: What }) {
  return (
    <main className={pageColumn}>
      <h1 className={pageTitle}>Sorry, we can't find that</h1>
      <p className={css({ mb: '2' })}>{MESSAGES[what]}</p>
      {/* The spec's not-found page asks the client to refresh (docs/accounts-and-money.md §8). */}
      <p className={css({ mb: '6' })}>Please refresh the page, or go to the start.</p>
      <a className={primaryButton} href="/">
        Go to the start
      </a>
    </main>
  );
}
