import { proxy, useSnapshot } from 'valtio';
import { ApiError, setSessionRefusedHandler, setTokenProvider } from '../../lib/api';
import { session } from './api';

export interface ClientUser {
  /** the Cognito username (a UUID) */
  username: string;
  name: string;
  email: string;
  phone_number: string;
  /** false until the client enters the code texted to the number (sign-up, or a changed number) */
  phone_number_verified: boolean;
}

/** The client's session: LOGGED_IN / LOGGED_OUT (§4 Authentication); tokens live in memory only. */
export interface AuthState {
  status: 'LOGGED_IN' | 'LOGGED_OUT';
  /** true until the first refresh attempt has answered */
  checking: boolean;
  user: ClientUser | null;
  /** the account was made in this visit (sign-up), so the pages greet 'Welcome', not 'Welcome back' */
  newAccount: boolean;
}

export const auth = proxy<AuthState>({ status: 'LOGGED_OUT', checking: true, user: null, newAccount: false });

/** 'Welcome back Noah!', or 'Welcome Noah!' to a client who has just made the account; null without a name. */
export function greetingOf(user: Pick<ClientUser, 'name'> | null, newAccount: boolean): string | null {
  const firstName = (user?.name ?? '').trim().split(/\s+/)[0];
  return firstName ? `${newAccount ? 'Welcome' : 'Welcome back'} ${firstName}!` : null;
}
export const useAuth = () => useSnapshot(auth);

// Not in the proxy: script state that no component renders and storage never sees.
let accessToken: string | null = null;
let expiresAt = 0;

interface SessionAnswer {
  access_token: string;
  id_token: string;
  expires_in: number;
  user: ClientUser;
}

/** A session begins (or is renewed: `newAccount` undefined keeps what the visit knew). */
function started(a: SessionAnswer, newAccount?: boolean) {
  if (newAccount !== undefined) auth.newAccount = newAccount;
  accessToken = a.access_token;
  expiresAt = Date.now() + (a.expires_in - 60) * 1000;
  auth.user = a.user;
  auth.status = 'LOGGED_IN';
  auth.checking = false;
}

function ended() {
  accessToken = null;
  expiresAt = 0;
  auth.user = null;
  auth.newAccount = false;
  auth.status = 'LOGGED_OUT';
  auth.checking = false;
}

let refreshing: Promise<string | null> | null = null;
/** Uses the httpOnly refresh cookie to get new tokens; null when there is no session. */
export function refreshSession(): Promise<string | null> {
  // No session answers 204: nothing.
  refreshing ??= session<SessionAnswer | undefined>('refresh')
    .then((a) => {
      if (!a) {
        ended();
        return null;
      }
      started(a);
      return accessToken;
    })
    .catch(() => {
      ended();
      return null;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** The access token for a protected call, refreshed when it is about to expire. */
export async function getAccessToken(): Promise<string | null> {
  if (accessToken && Date.now() < expiresAt) return accessToken;
  return refreshSession();
}
setTokenProvider(getAccessToken);
// A protected call refused with 401: the session ended elsewhere (a logout in another tab ends it
// for every copy of its token). The client is then logged out here too, so the page it is on asks
// it to log in and comes back (RequireLogin), rather than offering only a failing button.
setSessionRefusedHandler(() => {
  if (auth.status !== 'LOGGED_IN') return;
  accessToken = null;
  expiresAt = 0;
  void refreshSession();
});

export async function login(phone: string, password: string) {
  started(await session<SessionAnswer>('login', { phone, password }), false);
}

/** Texts a code to sign in with instead of a password (Cognito's SMS_OTP); answers where it went, masked. */
export const sendSignInCode = async (phone: string) => (await session<{ destination: string }>('code', { phone })).destination;

/** The texted code signs the client in, as a password does. */
export async function signInWithCode(phone: string, code: string) {
  started(await session<SessionAnswer>('code/confirm', { phone, code }), false);
}

/**
 * Creates the account. A pool that proves numbers first answers where it texted a code (masked,
 * '+*******0123'): the client enters it in confirmSignUp. Else the client is signed in (null).
 */
export async function signUp(details: {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  /** none: an account that logs in with texted codes */
  password?: string;
}): Promise<string | null> {
  const a = await session<SessionAnswer | { status: 'code_sent'; destination: string }>('signup', details);
  if ('status' in a) return a.destination;
  started(a, true);
  return null;
}

export const MSG_CONFIRMED_LOG_IN_WITH_CODE =
  'Your mobile number is confirmed. We have texted you a code to log in: choose "Text me a code instead" on the login screen.';

/**
 * The code texted at sign-up proves the number; then the client is signed in. An account without
 * a password is signed in by that code too, unless it came after 3 minutes: a sign-in code is then
 * texted, and the login screen's code sign-in takes it.
 */
export async function confirmSignUp(phone: string, code: string, password?: string) {
  const a = await session<SessionAnswer | { status: 'sign_in_code_sent' }>('signup/confirm', { phone, code, password });
  if ('status' in a) throw new ApiError(MSG_CONFIRMED_LOG_IN_WITH_CODE, 202, 'SignInCodeSent');
  started(a, true);
}

/** A new sign-up code (the last one stops working); answers where it was sent. */
export const resendSignUpCode = async (phone: string) => (await session<{ destination: string }>('signup/resend', { phone })).destination;

export async function logout() {
  // The edge ends the session of this access token too: a copy of it stops working at once.
  const token = await getAccessToken().catch(() => null);
  ended();
  await session('logout', {}, 'POST', token ?? undefined).catch(() => undefined);
}

export async function updateProfile(changes: Partial<Pick<ClientUser, 'name' | 'email' | 'phone_number'>>) {
  const token = await getAccessToken();
  if (!token) throw new ApiError('No token saved!', 500);
  auth.user = await session<ClientUser>('me', changes, 'PATCH', token);
}

/** A new code to the client's unverified number; answers where it was sent. */
export async function sendPhoneCode(): Promise<string> {
  const token = await getAccessToken();
  if (!token) throw new ApiError('No token saved!', 500);
  return (await session<{ destination: string }>('me/phone/code', {}, 'POST', token)).destination;
}

/** The code texted to the client's number proves it. */
export async function verifyPhone(code: string) {
  const token = await getAccessToken();
  if (!token) throw new ApiError('No token saved!', 500);
  auth.user = await session<ClientUser>('me/phone/verify', { code }, 'POST', token);
}

export const sendResetCode = (phone: string) => session<{ destination: string }>('forgot', { phone });
export const resetPassword = (phone: string, code: string, password: string) => session('reset', { phone, code, password });
