import { Suspense, useRef } from 'react';
import { BrowserRouter, Outlet, Route, Routes, StaticRouter, useLocation } from 'react-router';
import { css } from '../../styled-system/css';
import { Loading } from '../components/CallFailed';
import { OfflineNotice } from '../components/OfflineNotice';
import { RequireLogin } from './RequireLogin';
import { RequireServices } from './RequireServices';
import { pageColumn } from '../components/styles';
import { ServiceSelection } from '../features/services/ServiceSelection';
import { BottomNav } from './BottomNav';
import { ErrorBoundary } from './ErrorBoundary';
import { Header } from './Header';
import { Notice } from './Notice';
import { useFocusOnNavigate } from './useFocusOnNavigate';
import { SalonContext, type SalonData } from '../lib/salon-context';
import { HeaderBackContext } from '../lib/back-control';
import { useAuth } from '../features/auth';
import type { RealtimeSettings } from '../../shared/types';
import { useRealtimeConnection } from './useRealtimeConnection';
import { useForgetOnLogout } from './useForgetOnLogout';
import { lazyWithServerData } from './server-data';
import { usePageViews } from './usePageViews';
import { useSalon } from '../lib/salon-context';
import { pixelIdOf } from '../../shared/consent';
import { CookieBanner } from '../components/CookieBanner';
import { CookieSettingsLink } from '../components/CookieSettingsLink';
import { useReleaseCheck } from './useReleaseCheck';
import { NotFound } from './NotFound';
import { Completed, ForgotPasswordOld } from './OlderRoutes';
import { HydrationDone } from '../lib/hydration';
import { besideSummary, journeyColumn, WithBookingSummary } from './WithBookingSummary';

// The first screen is in the main bundle; the later steps load when the client gets to them,
// each with the page's query client (server-data.tsx).
const named = <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  lazyWithServerData(() => load().then((m) => m[name]));
const RecommendedServices = named(() => import('../features/recommended/RecommendedServices'), 'RecommendedServices');
const FavouriteStylistSelection = named(() => import('../features/stylists/FavouriteStylistSelection'), 'FavouriteStylistSelection');
const StylistSelection = named(() => import('../features/stylists/StylistSelection'), 'StylistSelection');
const TimeSelection = named(() => import('../features/time/TimeSelection'), 'TimeSelection');
const PatchTimeSelection = named(() => import('../features/patch/PatchTimeSelection'), 'PatchTimeSelection');
const Summary = named(() => import('../features/summary/Summary'), 'Summary');
const BookingConfirmed = named(() => import('../features/booking-confirmed/BookingConfirmed'), 'BookingConfirmed');
const Login = lazyWithServerData(() => import('../features/account/Login').then((m) => () => <m.Login variant="booking" />));
const ProfileLogin = lazyWithServerData(() => import('../features/account/Login').then((m) => () => <m.Login variant="account" />));
const CreateAccount = named(() => import('../features/account/CreateAccount'), 'CreateAccount');
const ForgotPassword = named(() => import('../features/account/ForgotPassword'), 'ForgotPassword');
const Profile = named(() => import('../features/profile/Profile'), 'Profile');
const MyBookings = named(() => import('../features/my-bookings/MyBookings'), 'MyBookings');
const SalonBookings = named(() => import('../features/my-bookings/SalonBookings'), 'SalonBookings');
const AppointmentDetails = named(() => import('../features/my-bookings/AppointmentDetails'), 'AppointmentDetails');
const ChangeTime = named(() => import('../features/my-bookings/ChangeTime'), 'ChangeTime');
const LinkedAppointment = named(() => import('../features/my-bookings/LinkedAppointment'), 'LinkedAppointment');
const Deposits = named(() => import('../features/deposits/Deposits'), 'Deposits');
const PayDeposit = named(() => import('../features/deposits/PayDeposit'), 'PayDeposit');
const InviteAddCard = named(() => import('../features/deposits/InviteAddCard'), 'InviteAddCard');
const CardDetails = named(() => import('../features/deposits/CardDetails'), 'CardDetails');
const Decline = named(() => import('../features/deposits/Decline'), 'Decline');
const InviteSignup = named(() => import('../features/deposits/InviteLinks'), 'InviteSignup');
const InviteLogin = named(() => import('../features/deposits/InviteLinks'), 'InviteLogin');
const AddCard = named(() => import('../features/payments/AddCard'), 'AddCard');
const ConfirmWithCard = named(() => import('../features/pay-with-saved-card/ConfirmWithCard'), 'ConfirmWithCard');
const BuyVoucher = named(() => import('../features/vouchers/BuyVoucher'), 'BuyVoucher');
const VoucherConfirmation = named(() => import('../features/vouchers/VoucherConfirmation'), 'VoucherConfirmation');
const SendVoucher = named(() => import('../features/vouchers/SendVoucher'), 'SendVoucher');

/** The journey's screens, which the booking summary accompanies from 1024 px. */
const JOURNEY_PATHS = new Set([
  '/',
  '/recommendedservice',
  '/favouritestylistselect',
  '/timeselect',
  '/patchtimeselect',
  '/stylistselect',
  '/summary',
  '/confirm-with-card',
]);

/** `preview`: the console's preview of the page (no cookie banner: nobody there can choose). */
function Layout({ preview }: { preview: boolean }) {
  const { pathname } = useLocation();
  const { status } = useAuth();
  const main = useRef<HTMLElement>(null);
  const { salon } = useSalon();
  // The route decides whether the summary is there (the same on the server); the width decides,
  // in CSS alone, whether it shows.
  const withAside = salon.online_booking && JOURNEY_PATHS.has(pathname);
  useFocusOnNavigate(main);
  usePageViews(pixelIdOf(salon));
  useReleaseCheck();
  return (
    <HeaderBackContext.Provider value={status === 'LOGGED_IN'}>
      <Header />
      <OfflineNotice />
      {/* Beside the summary, the banner lines up with the journey's column. */}
      <div className={withAside ? besideSummary : undefined}>
        <div className={`${pageColumn} ${tabletColumn} ${withAside ? journeyColumn : ''}`}>
          {!preview && <CookieBanner who={salon.name} />}
        </div>
      </div>
      <WithBookingSummary on={withAside} removable={pathname === '/'}>
        <div>
          <main ref={main} className={`${pageColumn} ${tabletColumn} ${mainColumn} ${withAside ? journeyColumn : ''}`}>
            <Notice />
            <ErrorBoundary key={pathname}>
              <Suspense fallback={<Loading what="the page" />}>
                <Outlet />
                <HydrationDone />
              </Suspense>
            </ErrorBoundary>
          </main>
          {/* Below the screen, out of its column, so nothing on the screen moves it while it loads. */}
          <footer className={`${pageColumn} ${tabletColumn} ${footerRow} ${withAside ? journeyColumn : ''}`}>
            <CookieSettingsLink />
          </footer>
        </div>
      </WithBookingSummary>
      <BottomNav />
    </HeaderBackContext.Provider>
  );
}

/** A wider column from 768 px. */
const tabletColumn = css({ md: { maxW: '720px' } });
/**
 * A flex column at least as tall as the screen below the header, so that a screen's NEXT bar sits at
 * the foot of a short screen (on the navigation) instead of in the middle of it.
 */
const mainColumn = css({ display: 'flex', flexDirection: 'column', minH: 'calc(100dvh - 58px)' });
/** The page's foot, above the phone's bottom bar. */
const footerRow = css({ textAlign: 'center', pt: '2', pb: { base: 'calc(56px + 0.5rem)', md: '2' } });

/** Steps that need selected services; without them the client goes back to the start. */
const journey: [string, React.ComponentType][] = [
  ['recommendedservice', RecommendedServices],
  ['favouritestylistselect', FavouriteStylistSelection],
  ['timeselect', TimeSelection],
  ['patchtimeselect', PatchTimeSelection],
  ['stylistselect', StylistSelection],
  ['summary', Summary],
  ['bookingConfirmed', BookingConfirmed],
];

/** Pages of the client's own account; logged out, the client goes to profile-login. */
const account: [string, React.ComponentType][] = [
  ['my-profile', Profile],
  ['profile', Profile],
  ['my-book', MyBookings],
  ['salon-booking/:bookingsSalonId', SalonBookings],
  [':bookingsSalonId/appointment/:appointmentId', AppointmentDetails],
  [':bookingsSalonId/appointment/:appointmentId/time', ChangeTime],
];

/** Deposit requests; logged out, the client goes to /login (§6) and comes back after it. */
const deposits: [string, React.ComponentType][] = [
  ['my-feeds', Deposits],
  ['pay-deposit/:appointmentId', PayDeposit],
  ['pay-deposit-add-new-card', InviteAddCard],
  ['card-details/:uniqcode', CardDetails],
  ['decline', Decline],
];

/**
 * The booking area of one salon: /salon/{id}/... or the root of the salon's own domain. `location`
 * is given only by the edge's server render of the first screen (client/entry-server.tsx).
 */
export function SalonArea({
  data,
  basePath,
  realtime,
  location,
  preview = false,
}: {
  data: SalonData;
  basePath: string;
  realtime?: RealtimeSettings;
  location?: string;
  /** the salon console's live preview of the page (bootstrap `preview`) */
  preview?: boolean;
}) {
  useRealtimeConnection(realtime);
  useForgetOnLogout();
  return (
    <SalonContext.Provider value={data}>
      <AreaRouter basename={basePath || '/'} location={location}>
        <Routes>
          <Route element={<Layout preview={preview} />}>
            <Route index element={<ServiceSelection />} />
            {/* a link to the service selection opened on a category the salon named ('Colour') or numbered */}
            <Route path="search/:searchQueryId" element={<ServiceSelection />} />
            <Route path="completed" element={<Completed />} />
            <Route path="forgot-password" element={<ForgotPasswordOld />} />
            {journey.map(([path, Screen]) => (
              <Route
                key={path}
                path={path}
                element={
                  <RequireServices>
                    <Screen />
                  </RequireServices>
                }
              />
            ))}
            <Route path="login" element={<Login />} />
            <Route path="profile-login" element={<ProfileLogin />} />
            <Route path="create-account" element={<CreateAccount />} />
            <Route path="forgot" element={<ForgotPassword />} />
            <Route path="reset" element={<ForgotPassword />} />
            {account.map(([path, Screen]) => (
              <Route
                key={path}
                path={path}
                element={
                  <RequireLogin>
                    <Screen />
                  </RequireLogin>
                }
              />
            ))}
            {deposits.map(([path, Screen]) => (
              <Route
                key={path}
                path={path}
                element={
                  <RequireLogin to="/login">
                    <Screen />
                  </RequireLogin>
                }
              />
            ))}
            <Route path="invite/:code" element={<InviteSignup />} />
            <Route path="invite-login/:code" element={<InviteLogin />} />
            <Route
              path="add-new-card"
              element={
                <RequireLogin>
                  <AddCard />
                </RequireLogin>
              }
            />
            <Route
              path="confirm-with-card"
              element={
                <RequireServices>
                  <ConfirmWithCard />
                </RequireServices>
              }
            />
            {/* A reminder's link: the appointment without a password (issue 30). */}
            <Route path="visit/:token" element={<LinkedAppointment />} />
            {/* Gift vouchers: public, no login (§6). */}
            <Route path="voucher" element={<BuyVoucher />} />
            <Route path="voucher/confirmation" element={<VoucherConfirmation />} />
            <Route path="voucher/send" element={<SendVoucher />} />
            {/* Any other path: the not-found page, in the salon's layout and theme, with a way back. */}
            <Route path="*" element={<NotFound what="page" salon={data.salon} />} />
          </Route>
        </Routes>
      </AreaRouter>
    </SalonContext.Provider>
  );
}

/** The browser's router, or on the server a static one at the rendered location. */
function AreaRouter({ basename, location, children }: { basename: string; location?: string; children: React.ReactNode }) {
  // (`import.meta.env.SSR` is false in the browser's build, which then leaves StaticRouter out.)
  if (!import.meta.env.SSR || location === undefined) return <BrowserRouter basename={basename}>{children}</BrowserRouter>;
  return (
    <StaticRouter basename={basename} location={location}>
      {children}
    </StaticRouter>
  );
}
