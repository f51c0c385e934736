import { Hono } from 'hono';
import { withConfig, type AppEnv } from '../env';
import { errorBody, onError } from '../error-answer';
import { withCaller } from './caller';
import { adminInvites } from './admin-invites';
import { appointmentLinks } from './appointment-links';
import { waitlistOffers } from './waitlist-offers';
import { consoleToday } from './console/today';
import { consoleReports } from './console/reports';
import { consoleNewGroup } from './console/new-group';
import { adminMedia } from './admin-media';
import { adminRebooking } from './admin-rebooking';
import { adminSettings } from './admin-settings';
import { operator } from './operator';
import { availability } from './availability';
import { bookingOptions } from './booking-options';
import { bookings } from './bookings';
import { cards } from './cards';
import { catalogue } from './catalogue';
import { clientAppointments } from './client-appointments';
import { clientInvites } from './client-invites';
import { clientSalons } from './client-salons';
import { consoleClients } from './console/clients';
import { consoleDesk } from './console/desk';
import { consoleDiary } from './console/diary';
import { consoleDomain } from './console/domain';
import { consoleGroupPicker } from './console/group-picker';
import { consoleShortName } from './console/short-name';
import { groupPicker } from './group-picker';
import { consoleHistory } from './console/history';
import { consoleImports } from './console/imports';
import { consoleInbox } from './console/inbox';
import { consoleKeys } from './console/keys';
import { consoleMe } from './console/me';
import { consolePushSubscription } from './console/push-subscription';
import { consoleMenu } from './console/menu';
import { consoleTimeOff } from './console/time-off';
import { consoleNewSalon } from './console/new-salon';
import { consolePayments } from './console/payments';
import { consolePhotos } from './console/photos';
import { consoleRequests } from './console/requests';
import { consoleSettings } from './console/settings';
import { consoleStaff } from './console/staff';
import { consoleStaffColumns } from './console/staff-columns';
import { consoleStylists } from './console/stylists';
import { consoleVouchers } from './console/vouchers';
import { noShowLinks } from './no-show-links';
import { salePaymentLinks } from './sale-payment-links';
import { consoleCheckout } from './console/checkout';
import { rebooking } from './rebooking';
import { tenancy } from './tenancy';
import { vouchers } from './vouchers';

/**
 * The embedded booking API: the spec's call paths, relative to the API base (the edge mounts
 * it at /api/ and calls it in-process, or proxies the same paths to UPSTREAM_API).
 */
export const api = new Hono<AppEnv>()
  .use(withCaller)
  .use(withConfig)
  .route('/', catalogue)
  .route('/', tenancy)
  .route('/', groupPicker)
  .route('/', availability)
  .route('/', bookingOptions)
  .route('/', clientSalons)
  .route('/', clientInvites)
  .route('/', clientAppointments)
  .route('/', bookings)
  .route('/', cards)
  .route('/', vouchers)
  .route('/', rebooking)
  .route('/', adminSettings)
  .route('/', adminInvites)
  .route('/', adminRebooking)
  .route('/', adminMedia)
  .route('/', operator)
  .route('/', consoleMe)
  .route('/', consolePushSubscription)
  .route('/', consoleNewSalon)
  .route('/', consoleSettings)
  .route('/', consolePayments)
  .route('/', consolePhotos)
  .route('/', consoleHistory)
  .route('/', consoleImports)
  .route('/', consoleInbox)
  .route('/', consoleStaff)
  .route('/', consoleStaffColumns)
  .route('/', consoleKeys)
  .route('/', consoleDiary)
  .route('/', consoleDesk)
  .route('/', noShowLinks)
  .route('/', salePaymentLinks)
  .route('/', consoleCheckout)
  .route('/', consoleVouchers)
  .route('/', consoleMenu)
  .route('/', consoleStylists)
  .route('/', consoleTimeOff)
  .route('/', consoleClients)
  .route('/', consoleRequests)
  .route('/', consoleDomain)
  .route('/', consoleShortName)
  .route('/', consoleGroupPicker)
  .route('/', consoleNewGroup)
  .route('/', consoleToday)
  .route('/', consoleReports)
  .route('/', appointmentLinks)
  .route('/', waitlistOffers)
  .notFound((c) => c.json(errorBody(c, 'NOT_FOUND', `No API call at ${new URL(c.req.url).pathname}`), 404))
  .onError(onError);
