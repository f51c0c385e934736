/** Time off's public entry: the dialog that blocks time in the diary, and one item as Today lists it. */
export { BlockDialog } from './BlockDialog';
export { TimeOffItem } from './TimeOffItem';
