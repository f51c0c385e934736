/** Time off's public entry: one item as Today lists it, and the dialog that blocks time in the diary (loaded when opened). */
export { LazyBlockDialog } from './LazyBlockDialog';
export { TimeOffItem } from './TimeOffItem';
