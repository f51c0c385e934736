// The public entry of this feature: what other features may use of it (and nothing else).

export { MakeABooking } from './MakeABooking';
export { ProcedureList } from './ProcedureList';
export { moneyOf, whenOf } from './format';
