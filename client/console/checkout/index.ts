/** Checkout's public entry: the dialog the diary's appointment and Today open, loaded when a checkout is opened. */
export { LazyCheckoutDialog } from './LazyCheckoutDialog';
