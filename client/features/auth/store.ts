import { proxy, useSnapshot } from 'valtio';

/** The client's session: LOGGED_IN / LOGGED_OUT from the identity provider (§4 Authentication). */
export interface AuthState {
  status: 'LOGGED_IN' | 'LOGGED_OUT';
  username: string | null;
}

export const auth = proxy<AuthState>({ status: 'LOGGED_OUT', username: null });
export const useAuth = () => useSnapshot(auth);

export function logout() {
  auth.status = 'LOGGED_OUT';
  auth.username = null;
}
