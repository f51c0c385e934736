// The public entry of the older rebooking flow (docs/booking/accounts-and-money.md §2 Older rebooking
// flow): its screens, which client/app/RebookingArea.tsx routes and loads as a chunk of its own.

export { Confirm } from './Confirm';
export { End } from './End';
export { History } from './History';
export { OldLink } from './OldLink';
export { RebookingHeader } from './RebookingHeader';
export { SalonList } from './SalonList';
export { currentToken, useRebooking } from './store';
export { TimePicker } from './TimePicker';
export { TokenPage } from './TokenPage';
