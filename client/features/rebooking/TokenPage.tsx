import { Navigate, useParams } from 'react-router';
import { css } from '../../../styled-system/css';
import { REBOOKING_TEXTS, URLHASH } from '../../../shared/rebooking';
import { pageTitle, primaryButton } from '../../components/styles';
import { useApi } from '../../lib/useApi';
import { fetchToken } from './api';
import { signedIn } from './store';

/** /auth/{urlhash}: the texted link; its token is kept for the flow, then on to /salon. */
export function TokenPage() {
  const { urlhash = '' } = useParams();
  const valid = URLHASH.test(urlhash);
  const answer = useApi(valid ? urlhash : null, async (signal) => {
    const t = await fetchToken(urlhash, signal);
    signedIn(t);
    return t;
  });
  // A malformed hash is no link of ours; an unknown (404), expired or replaced (410) one is old.
  if (!valid || (answer.status === 'error' && [404, 410].includes(answer.error.status))) return <Navigate to="/auth/expired" replace />;
  if (answer.status === 'ok') return <Navigate to="/salon" replace />;
  if (answer.status === 'error')
    return (
      <div role="alert">
        <h1 className={pageTitle}>{REBOOKING_TEXTS.tokenFailed}</h1>
        <button type="button" className={primaryButton} onClick={answer.retry}>
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
