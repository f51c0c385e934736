import { proxy, useSnapshot } from 'valtio';
import type { StaffMe } from '../../../shared/console/roles';
import type { StaffChallenge, StaffSession } from '../../../shared/console/session';
import { answer, sessionCall, setConsoleAuth, staffApi } from './api';
import { consoleQueries } from './query-client';

interface SessionState {
  /** 'checking' until the refresh cookie has been tried on load */
  status: 'checking' | 'signed-out' | 'signed-in';
  me: StaffMe | null;
  /** the first sign-in with a temporary password: who, and Cognito's session for the answer */
  challenge: { email: string; session: string } | null;
  /** why the console signed out by itself (the session ended elsewhere) */
  notice: string | null;
}

const state = proxy<SessionState>({ status: 'checking', me: null, challenge: null, notice: null });

/** The access token lives in this module's memory only: never in storage, never in the DOM. */
let accessToken: string | null = null;

function signedIn(s: StaffSession) {
  accessToken = s.access_token;
  state.me = s.me;
  state.challenge = null;
  state.notice = null;
  state.status = 'signed-in';
}

function signedOut(notice: string | null = null) {
  accessToken = null;
  state.me = null;
  state.challenge = null;
  state.status = 'signed-out';
  state.notice = notice;
  consoleQueries.clear();
}

let renewing: Promise<boolean> | null = null;
/** New tokens from the refresh cookie (one call at a time, however many calls found the token lapsed). */
function renew(): Promise<boolean> {
  // 204 (no body): no session cookie, nothing to renew
  renewing ??= sessionCall<StaffSession | undefined>('refresh')
    .then((s) => (s ? (signedIn(s), true) : false))
    .catch(() => false)
    .finally(() => (renewing = null));
  return renewing;
}

setConsoleAuth({
  token: () => accessToken,
  renew,
  ended: () => signedOut('Your session has ended. Please sign in again.'),
});

/** On load: a session kept by the refresh cookie signs in without a password. */
export async function restoreSession() {
  if (!(await renew())) signedOut();
}

/** Signs in; a first sign-in with a temporary password asks for a new one instead (state.challenge). */
export async function signIn(email: string, password: string) {
  const answer = await sessionCall<StaffSession | StaffChallenge>('login', { email, password });
  if ('challenge' in answer) state.challenge = { email, session: answer.session };
  else signedIn(answer);
}

export async function chooseNewPassword(newPassword: string) {
  const c = state.challenge;
  if (!c) throw new Error('No sign-in is waiting for a new password');
  signedIn(await sessionCall<StaffSession>('new-password', { email: c.email, session: c.session, new_password: newPassword }));
}

export function abandonNewPassword() {
  state.challenge = null;
}

/** Who is signed in, read again (a salon they have just set up is theirs now). */
export async function reloadMe() {
  state.me = await answer(staffApi.console.me.$get());
}

/** Signs out at once: the edge ends the session (its refresh token revoked), and this tab forgets everything. */
export async function signOut() {
  try {
    await sessionCall('logout');
  } finally {
    signedOut();
  }
}

export const useSession = () => useSnapshot(state);
