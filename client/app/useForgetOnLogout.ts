import { useEffect, useRef } from 'react';
import { useAuth } from '../features/auth';

/**
 * Logged out, the page forgets what it was told about the client (bookings, invites, cards):
 * whoever uses the browser next never sees it, not even offline.
 */
export function useForgetOnLogout() {
  const { status } = useAuth();
  const before = useRef(status);
  useEffect(() => {
    if (before.current === 'LOGGED_IN' && status === 'LOGGED_OUT')
      void import('../lib/query-client').then(({ forgetPersonalAnswers }) => forgetPersonalAnswers());
    before.current = status;
  }, [status]);
}
