import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { css } from '../../../styled-system/css';
import { REBOOKING_TEXTS, URLHASH } from '../../../shared/rebooking';
import { pageTitle, primaryButton } from '../../components/styles';
import { tokenQuery } from './api';

/** /auth/{urlhash}: the texted link; its token is kept for the flow, then on to /salon. */
export function TokenPage() {
  const { urlhash = '' } = useParams();
  const valid = URLHASH.test(urlhash);
  const answer = useQuery({ ...tokenQuery(urlhash), enabled: valid });
  // A malformed hash is no link of ours; an unknown (404), expired or replaced (410) one is old.
  if (!valid || (answer.isError && [404, 410].includes(answer.error.status))) {
    // A replaced link says when the newer one was sent (the old-link page shows it).
    const replaced = answer.error?.code === 'LINK_REPLACED' ? answer.error.message : undefined;
    return <Navigate to="/auth/expired" replace state={replaced ? { replaced } : undefined} />;
  }
  if (answer.isSuccess) return <Navigate to="/salon" replace />;
  if (answer.isError)
    return (
      <div role="alert">
        <h1 className={pageTitle}>{REBOOKING_TEXTS.tokenFailed}</h1>
        <button type="button" className={primaryButton} onClick={() => void answer.refetch()}>
          Restart
        </button>
      </div>
    );
  return (
    <>
      <h1 className={pageTitle}>Checking your details…</h1>
      <p role="status" className={css({ color: 'textMuted' })}>
        Please wait a moment.
      </p>
    </>
  );
}
