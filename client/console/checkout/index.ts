/** Checkout's public entry: the dialog the diary's appointment and Today open. */
export { CheckoutDialog } from './CheckoutDialog';
