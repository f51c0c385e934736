// The public entry of this feature: what other features may use of it (and nothing else).

export { auth, getAccessToken, login, resetPassword, sendResetCode, signUp, updateProfile, useAuth } from './store';
export type { ClientUser } from './store';
