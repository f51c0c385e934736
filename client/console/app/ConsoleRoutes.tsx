import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { useSession } from '../lib/session';
import { ErrorBoundary } from '../../app/ErrorBoundary';
import { HOME, PLACES, type PlacePath } from '../lib/places';
import { Shell } from './Shell';
import { useCurrentSalon } from '../lib/current-salon';

const BookingPageSettings = lazy(() => import('../settings/BookingPageSettings').then((m) => ({ default: m.BookingPageSettings })));
const Team = lazy(() => import('../team/Team').then((m) => ({ default: m.Team })));
const ApiKeys = lazy(() => import('../keys/ApiKeys').then((m) => ({ default: m.ApiKeys })));
const Diary = lazy(() => import('../diary/Diary').then((m) => ({ default: m.Diary })));
const History = lazy(() => import('../history/History').then((m) => ({ default: m.History })));
const Inbox = lazy(() => import('../inbox/Inbox').then((m) => ({ default: m.Inbox })));
const Clients = lazy(() => import('../clients/Clients').then((m) => ({ default: m.Clients })));
const Requests = lazy(() => import('../requests/Requests').then((m) => ({ default: m.Requests })));
const GetPaid = lazy(() => import('../payments/GetPaid').then((m) => ({ default: m.GetPaid })));
const Addresses = lazy(() => import('../addresses/Addresses').then((m) => ({ default: m.Addresses })));
const Today = lazy(() => import('../today/Today').then((m) => ({ default: m.Today })));
const Services = lazy(() => import('../services/Services').then((m) => ({ default: m.Services })));
const Stylists = lazy(() => import('../stylists/Stylists').then((m) => ({ default: m.Stylists })));
const SetUpSalon = lazy(() => import('../setup/SetUpSalon').then((m) => ({ default: m.SetUpSalon })));
const Import = lazy(() => import('../imports/Import').then((m) => ({ default: m.Import })));
const TimeOff = lazy(() => import('../time-off/TimeOff').then((m) => ({ default: m.TimeOff })));
const Vouchers = lazy(() => import('../vouchers/Vouchers').then((m) => ({ default: m.Vouchers })));
const Notifications = lazy(() => import('../notifications/Notifications').then((m) => ({ default: m.Notifications })));
const Reports = lazy(() => import('../reports/Reports').then((m) => ({ default: m.Reports })));

/** Each place's screen: a place without one does not compile. */
const SCREENS: Record<PlacePath, React.ComponentType> = {
  today: Today,
  'booking-page': BookingPageSettings,
  diary: Diary,
  'time-off': TimeOff,
  services: Services,
  stylists: Stylists,
  team: Team,
  'api-keys': ApiKeys,
  history: History,
  clients: Clients,
  inbox: Inbox,
  requests: Requests,
  vouchers: Vouchers,
  reports: Reports,
  addresses: Addresses,
  'get-paid': GetPaid,
  import: Import,
  notifications: Notifications,
};

/** The signed-in console: /salons/{id}/{place}, each place only for the roles that may use it. */
export function ConsoleRoutes() {
  const { me } = useSession();
  const first = me!.salons[0];
  return (
    <Routes>
      <Route path="/salons/:salonId" element={<Shell />}>
        <Route index element={<SalonHome />} />
        {PLACES.map((p) => {
          const Screen = SCREENS[p.path];
          return (
            <Route
              key={p.path}
              path={'nested' in p ? `${p.path}/*` : p.path}
              element={
                <Allowed roles={p.roles}>
                  <ErrorBoundary>
                    <Suspense fallback={<p role="status">Loading…</p>}>
                      <Screen />
                    </Suspense>
                  </ErrorBoundary>
                </Allowed>
              }
            />
          );
        })}
        <Route path="*" element={<SalonHome />} />
      </Route>
      <Route
        path="*"
        element={
          first ? (
            <Navigate to={`/salons/${first.id}/${HOME}`} replace />
          ) : (
            <Suspense fallback={<p role="status">Loading…</p>}>
              <SetUpSalon />
            </Suspense>
          )
        }
      />
    </Routes>
  );
}

function SalonHome() {
  return <Navigate to={`../${HOME}`} replace relative="path" />;
}

/** A place the staff member's role may not use is not shown: they land on their salon's home. */
function Allowed({ roles, children }: { roles: readonly string[]; children: React.ReactNode }) {
  const salon = useCurrentSalon();
  const { salonId } = useParams();
  if (!roles.includes(salon.role)) return <Navigate to={`/salons/${salonId}/${HOME}`} replace />;
  return children;
}
