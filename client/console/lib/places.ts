import type { StaffRole } from '../../../shared/console/roles';
import { CAN } from '../../../shared/console/roles';

export interface Place {
  /** the path under /console/salons/{id}/ */
  path: string;
  label: string;
  /** the roles that see it in the navigation (and may open it) */
  roles: readonly StaffRole[];
  /** addresses under it are the place's own (the Booking page's sections) */
  nested?: true;
}

const everyone = ['owner', 'manager', 'stylist'] as const;

/** The console's places, in docs/console/README.md's order. */
export const PLACES = [
  { path: 'today', label: 'Today', roles: everyone },
  {
    path: 'diary',
    label: 'Diary',
    roles: everyone,
  },
  /** owners and managers: every stylist's; a stylist: their own, and asking for it (the screen's title says "My time off") */
  { path: 'time-off', label: 'Time off', roles: everyone },
  { path: 'services', label: 'Services', roles: CAN.editMenu },
  // a stylist sees their own hours there, read-only
  { path: 'stylists', label: 'Stylists', roles: CAN.readStylists },
  { path: 'inbox', label: 'Inbox', roles: CAN.inbox },
  { path: 'clients', label: 'Clients', roles: CAN.readClients },
  { path: 'requests', label: 'Requests', roles: CAN.requests },
  { path: 'vouchers', label: 'Vouchers', roles: CAN.vouchers },
  // a stylist sees their own figures
  { path: 'reports', label: 'Reports', roles: CAN.readReports },
  { path: 'booking-page', label: 'Booking page', roles: CAN.editSettings, nested: true },
  { path: 'addresses', label: 'Addresses', roles: CAN.manageAddresses },
  { path: 'get-paid', label: 'Get paid', roles: CAN.managePayments },
  { path: 'team', label: 'Team', roles: CAN.inviteStaff },
  { path: 'api-keys', label: 'API keys', roles: CAN.manageKeys },
  { path: 'history', label: 'History', roles: CAN.readHistory },
  { path: 'import', label: 'Import', roles: CAN.importData },
  // this device's push notifications (docs/console/notifications.md): every member, each of their own
  { path: 'notifications', label: 'Notifications', roles: everyone },
] as const satisfies readonly Place[];

/** A place's path: ConsoleRoutes.tsx has a screen for each. */
export type PlacePath = (typeof PLACES)[number]['path'];

export const placesFor = (role: StaffRole) => PLACES.filter((p) => (p.roles as readonly string[]).includes(role));

/**
 * The places a phone's bottom bar shows (docs/console/README.md "On a phone"): the four most used,
 * in this order, of those the role has; the rest are under More.
 */
export const MOST_USED: readonly PlacePath[] = ['today', 'diary', 'clients', 'inbox'];
const BAR_SIZE = 4;

/** The bottom bar's places and More's, for a role: the most used first, filled up from the rest in the usual order. */
export function barPlacesFor(role: StaffRole): { bar: Place[]; more: Place[] } {
  const all: Place[] = placesFor(role);
  const first = MOST_USED.map((path) => all.find((p) => p.path === path)).filter((p): p is Place => !!p);
  const bar = [...first, ...all.filter((p) => !first.includes(p))].slice(0, BAR_SIZE);
  return { bar, more: all.filter((p) => !bar.includes(p)) };
}

/** Where everyone lands in a salon, whatever their role: Today, the day's work (issue 56). */
export const HOME: PlacePath = 'today';
