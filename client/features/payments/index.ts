// The public entry of this feature: what other features may use of it (and nothing else).

export { CardSetup } from './CardSetup';
export { SavedCardView } from './SavedCardView';
export { Totals } from './Totals';
export { cardKeys, cardQuery, deleteCard } from './api';
export { authenticatePayment } from './authenticate';
export { payWithSavedCard } from './saved-card';
export {
  MSG_AUTHENTICATION,
  MSG_CARD_REMOVED,
  MSG_CONFIRM_PROBLEM,
  MSG_CREATE_CARD_BOOKING,
  MSG_NO_CARD,
  MSG_PAYMENT_UNSUCCESSFUL,
  MSG_REMOVE_FAILED,
  paymentErrorMessage,
} from './messages';
export { useAppointmentCost } from './useAppointmentCost';
