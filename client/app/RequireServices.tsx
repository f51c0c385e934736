import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useBooking } from '../features/journey/store';

/** Pages that need selected services send the client back to the salon's start. */
export function RequireServices({ children }: { children: ReactNode }) {
  const { selectedServices } = useBooking();
  if (selectedServices.length === 0) return <Navigate to="/" replace />;
  return children;
}
