import { Navigate } from 'react-router';
import { useBooking } from '../features/journey/store';

/**
 * Routes the spec lists whose screens are not shown (docs/booking/accounts-and-money.md §1): each goes where it
 * belongs instead of the not-found page. /completed: the booking just made, else Your bookings.
 */
export function Completed() {
  const { bookingResponse } = useBooking();
  return <Navigate to={bookingResponse ? '/bookingConfirmed' : '/my-book'} replace />;
}

/** /forgot-password, an older screen's target: the password reset. */
export const ForgotPasswordOld = () => <Navigate to="/forgot" replace />;
