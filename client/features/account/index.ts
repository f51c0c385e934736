// The public entry of this feature: what other features may use of it (and nothing else).

export { CreateAccount } from './CreateAccount';
export type { InvitedClient } from './CreateAccount';
export { Login } from './Login';
