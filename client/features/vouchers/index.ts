// The public entry of this feature: what other features may use of it (and nothing else).
// The screens load lazily from their own modules (client/app/SalonArea.tsx).

export { BuyVoucherLink } from './VoucherEntry';
