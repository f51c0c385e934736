import { releaseHold } from './api';
import { booking, startAgain } from './store';

/** START AGAIN after a failed booking: lets the held times go (so others may book them), then a fresh start. */
export function releaseHoldAndStartAgain(salonId: number) {
  const holdId = booking.holdId;
  if (holdId) void releaseHold(salonId, holdId).catch(() => undefined);
  startAgain();
}
