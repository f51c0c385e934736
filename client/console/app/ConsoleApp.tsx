import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { css } from '../../../styled-system/css';
import { consoleQueries } from '../lib/query-client';
import { restoreSession, useSession } from '../lib/session';
import { ConsoleRoutes } from './ConsoleRoutes';

// The sign-in screens (react-hook-form and their schemas) load only when nobody is signed in: a
// signed-in console's first load leaves them out (scripts/bundle.mjs, its 150 KB budget).
const SignIn = lazy(() => import('../session/SignIn').then((m) => ({ default: m.SignIn })));
const SignUp = lazy(() => import('../session/SignUp').then((m) => ({ default: m.SignUp })));
const ForgotPassword = lazy(() => import('../session/ForgotPassword').then((m) => ({ default: m.ForgotPassword })));

const loading = (
  <p role="status" className={css({ p: '6', color: 'textMuted' })}>
    Loading the console…
  </p>
);

/** The salon console: signed out, the sign-in screens; signed in, the salon's places. */
export function ConsoleApp() {
  const session = useSession();
  useEffect(() => {
    void restoreSession();
  }, []);
  return (
    <QueryClientProvider client={consoleQueries}>
      <BrowserRouter basename="/console">
        {session.status === 'checking' ? (
          loading
        ) : session.status === 'signed-out' ? (
          <Suspense fallback={loading}>
            <Routes>
              <Route path="/forgot-password" element={<ForgotPassword />} />
              <Route path="/sign-up" element={<SignUp />} />
              <Route path="*" element={<SignIn />} />
            </Routes>
          </Suspense>
        ) : (
          <Routes>
            <Route path="/forgot-password" element={<Navigate to="/" replace />} />
            <Route path="/sign-up" element={<Navigate to="/" replace />} />
            <Route path="*" element={<ConsoleRoutes />} />
          </Routes>
        )}
      </BrowserRouter>
    </QueryClientProvider>
  );
}
