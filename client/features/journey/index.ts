// The public entry of this feature: what other features may use of it (and nothing else).

export { BookingFailure } from './BookingFailure';
export { HoldCountdown } from './HoldCountdown';
export {
  fetchDaySlots,
  fetchPatchSlots,
  fetchPatchWeekly,
  fetchRecommended,
  fetchShowWaitlist,
  fetchStylists,
  fetchStylistsAt,
  fetchWeekly,
} from './api';
export type { SearchKey } from './api';
export { releaseHoldAndStartAgain } from './start-again';
export {
  assignStylist,
  booking,
  chooseDate,
  choosePatch,
  choosePatchTime,
  chooseStylist,
  chooseTime,
  joinWaitList,
  newAttempt,
  patchTestRequired,
  setNotes,
  startAgain,
  toggleService,
  totalPrice,
  useBooking,
} from './store';
export type { PatchChoice, StylistChoice } from './store';
export { holdChosenTimes, isFreeBooking, submitBooking } from './submit';
export { appointmentLines } from './appointment-lines';
export { stylistIdsFor, toChoice } from './stylist-choice';
export { useSearchKey } from './search-key';
