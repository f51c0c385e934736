import { useEffect } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { css } from '../../styled-system/css';
import { pageColumn } from '../components/styles';
import { enterSalon, rememberCampaign } from '../features/booking/store';
import { ServiceSelection } from '../features/services/ServiceSelection';
import { BottomNav } from './BottomNav';
import { ErrorBoundary } from './ErrorBoundary';
import { Header } from './Header';
import { SalonContext, type SalonData } from './SalonContext';

function Layout() {
  const { pathname } = useLocation();
  return (
    <>
      <Header />
      <main className={`${pageColumn} ${css({ pb: '60px' })}`}>
        <ErrorBoundary key={pathname}>
          <Outlet />
        </ErrorBoundary>
      </main>
      <BottomNav />
    </>
  );
}

/** The booking area of one salon: /salon/{id}/... or the root of the salon's own domain. */
export function SalonArea({ data, basePath }: { data: SalonData; basePath: string }) {
  const salonId = data.salon.id;
  useEffect(() => {
    enterSalon(salonId);
    rememberCampaign(window.location.search);
  }, [salonId]);
  return (
    <SalonContext.Provider value={data}>
      <BrowserRouter basename={basePath || '/'}>
        <Routes>
          <Route element={<Layout />}>
            <Route index element={<ServiceSelection />} />
            {/* Screens not in this build yet send the client back to the start. */}
            <Route path="*" element={<Navigate to="/" replace />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </SalonContext.Provider>
  );
}
