import type { StaffRole } from '../../../shared/console/roles';
import { CAN } from '../../../shared/console/roles';

export interface Place {
  /** the path under /console/salons/{id}/ */
  path: string;
  label: string;
  /** the roles that see it in the navigation (and may open it) */
  roles: readonly StaffRole[];
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
  { path: 'booking-page', label: 'Booking page', roles: CAN.editSettings },
  { path: 'addresses', label: 'Addresses', roles: CAN.manageAddresses },
  { path: 'get-paid', label: 'Get paid', roles: CAN.managePayments },
  { path: 'team', label: 'Team', roles: CAN.inviteStaff },
  { path: 'api-keys', label: 'API keys', roles: CAN.manageKeys },
  { path: 'history', label: 'History', roles: CAN.readHistory },
  { path: 'import', label: 'Import', roles: CAN.importData },
] as const satisfies readonly Place[];

/** A place's path: ConsoleRoutes.tsx has a screen for each. */
export type PlacePath = (typeof PLACES)[number]['path'];

export const placesFor = (role: StaffRole) => PLACES.filter((p) => (p.roles as readonly string[]).includes(role));

/** Where everyone lands in a salon, whatever their role: Today, the day's work (issue 56). */
export const HOME: PlacePath = 'today';
