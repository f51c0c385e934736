import { useRef } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { css } from '../../styled-system/css';
import { CookieBanner } from '../components/CookieBanner';
import { OfflineNotice } from '../components/OfflineNotice';
import { pageColumn } from '../components/styles';
import {
  Confirm,
  currentToken,
  End,
  History,
  OldLink,
  RebookingHeader,
  SalonList,
  TimePicker,
  TokenPage,
  useRebooking,
} from '../features/rebooking';
import { ErrorBoundary } from './ErrorBoundary';
import { useFocusOnNavigate } from './useFocusOnNavigate';

function Layout() {
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  useFocusOnNavigate(main);
  return (
    <>
      <RebookingHeader />
      <OfflineNotice />
      <div className={pageColumn}>
        <CookieBanner who="the salon you book with" />
      </div>
      <main ref={main} className={`${pageColumn} ${css({ pb: '8' })}`}>
        <ErrorBoundary key={pathname}>
          <Outlet />
        </ErrorBoundary>
      </main>
    </>
  );
}

/**
 * The protected screens need the token of a texted link: without one (none yet, run out, or
 * refused by a call) /salon shows the old-link notice, as there is nothing to show; the others
 * go to /salon.
 */
function RequireToken() {
  const state = useRebooking();
  const { pathname } = useLocation();
  if (currentToken(state)) return <Outlet />;
  return /^\/salon\/?$/.test(pathname) ? <OldLink /> : <Navigate to="/salon" replace />;
}

/** The older rebooking flow: a texted link's token page, then salon, history, time, confirm and end. */
export function RebookingArea() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<Layout />}>
          <Route path="/auth/expired" element={<OldLink />} />
          <Route path="/auth/:urlhash" element={<TokenPage />} />
          <Route element={<RequireToken />}>
            <Route path="/salon" element={<SalonList />} />
            <Route path="/history/:clientId" element={<History />} />
            <Route path="/time/:appointmentId" element={<TimePicker />} />
            <Route path="/confirm/:appointmentId" element={<Confirm />} />
            <Route path="/end" element={<End />} />
          </Route>
          <Route path="*" element={<Navigate to="/salon" replace />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
