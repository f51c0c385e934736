import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../features/auth';
import { Loading } from '../components/CallFailed';
import { loginFirst } from './BottomNav';

/**
 * Profile, bookings and deposits need a logged-in client; others go to profile-login, or to `to`
 * (Deposits: /login, §6), and either returns here after login.
 */
export function RequireLogin({ children, to }: { children: ReactNode; to?: string }) {
  const { status, checking } = useAuth();
  const { pathname, search } = useLocation();
  if (status === 'LOGGED_IN') return children;
  if (checking) return <Loading what="your account" />;
  if (to) return <Navigate to={to} replace state={{ next: pathname + search }} />;
  return <Navigate to={loginFirst(pathname + search)} replace />;
}
