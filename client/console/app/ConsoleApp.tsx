import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { css } from '../../../styled-system/css';
import { consoleQueries } from '../lib/query-client';
import { ForgotPassword } from '../session/ForgotPassword';
import { SignIn } from '../session/SignIn';
import { SignUp } from '../session/SignUp';
import { restoreSession, useSession } from '../lib/session';
import { ConsoleRoutes } from './ConsoleRoutes';

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
          <p role="status" className={css({ p: '6', color: 'textMuted' })}>
            Loading the console…
          </p>
        ) : session.status === 'signed-out' ? (
          <Routes>
            <Route path="/forgot-password" element={<ForgotPassword />} />
            <Route path="/sign-up" element={<SignUp />} />
            <Route path="*" element={<SignIn />} />
          </Routes>
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
