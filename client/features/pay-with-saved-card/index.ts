// The public entry of this feature: what other features may use of it (and nothing else).

export { confirmDeposit } from './api';
