import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useAuth } from '../features/auth/store';
import { Loading } from '../components/CallFailed';

/** Profile, bookings and deposits need a logged-in client; others go to profile-login. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { status, checking } = useAuth();
  if (status === 'LOGGED_IN') return children;
  if (checking) return <Loading what="your account" />;
  return <Navigate to="/profile-login?fromMyBook=true" replace />;
}
