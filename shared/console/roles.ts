import * as z from '../zod';

/**
 * A staff member's role at a salon (docs/console/README.md). A group owner is an owner of every salon
 * of the group. Roles live in the product's database, not in Cognito groups: a role is per salon,
 * and a change (a removed manager) must count on the very next call, not at the next sign-in.
 */
export const STAFF_ROLES = ['owner', 'manager', 'stylist'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const staffRole = z.enum(STAFF_ROLES, { message: 'Choose a role: owner, manager or stylist' });

/** What each role may do in the console (docs/console/README.md, its places and calls). */
export const CAN = {
  editSettings: ['owner', 'manager'],
  readHistory: ['owner', 'manager'],
  /** see the team and invite (whom: MAY_INVITE) */
  inviteStaff: ['owner', 'manager'],
  /** remove someone from the team */
  removeStaff: ['owner'],
  manageKeys: ['owner'],
  /** the diary: a stylist sees only their own column (the server leaves the rest out) */
  readDiary: ['owner', 'manager', 'stylist'],
  /** bookings taken at the desk, confirming, cancelling and moving them, no-shows */
  runDesk: ['owner', 'manager'],
  /** marking a client arrived: a stylist for their own appointments */
  markArrival: ['owner', 'manager', 'stylist'],
  /** vouchers at the desk: look up, redeem, the sold list */
  vouchers: ['owner', 'manager'],
  /** deposit requests and rebooking links */
  requests: ['owner', 'manager'],
  /** a stylist reads only the cards of clients with an appointment in their own column */
  readClients: ['owner', 'manager', 'stylist'],
  noteClients: ['owner', 'manager'],
  /** the Inbox: a stylist reads and answers only the threads of clients with an appointment in their own column */
  inbox: ['owner', 'manager', 'stylist'],
  /** Addresses: the salon's short name and its own domain */
  manageAddresses: ['owner'],
  /** Get paid: the salon's Stripe account (docs/payments.md) */
  managePayments: ['owner'],
  /** making a group of one's salons: an owner (checked beyond the role: each salon must be theirs by their own owner role) */
  makeGroup: ['owner'],
  /** the group's picker: a group owner only (checked beyond the role: the role must come from the group) */
  arrangeGroup: ['owner'],
  /** Services: categories and services, who performs them at what price */
  editMenu: ['owner', 'manager'],
  /** reading the menu: a stylist reads only the services they perform, with their own price */
  readMenu: ['owner', 'manager', 'stylist'],
  /** Import: bringing clients, services, staff, vouchers and appointments from another system, and undoing it */
  importData: ['owner'],
  /** Stylists: the columns, what they perform, their hours (docs/console/stylists.md) */
  editStylists: ['owner', 'manager'],
  /** a stylist reads only their own column, its services and hours */
  readStylists: ['owner', 'manager', 'stylist'],
  /**
   * time off and blocked time: owners and managers any column; a stylist reads, asks for time off
   * and blocks time in their own column only (docs/console/time-off.md)
   */
  absence: ['owner', 'manager', 'stylist'],
  /** approving or declining a stylist's request for time off */
  decideTimeOff: ['owner', 'manager'],
  /** checkout at the desk: the bill, taking payment, refunds, receipts and the card readers (docs/console/checkout.md) */
  checkout: ['owner', 'manager'],
} as const satisfies Record<string, readonly StaffRole[]>;

/**
 * Whom each role may invite (issue 28: staff are "invited by an owner or manager"): an owner
 * anyone; a manager stylists only, so nobody hands out a role above their own.
 */
export const MAY_INVITE: Record<StaffRole, readonly StaffRole[]> = { owner: STAFF_ROLES, manager: ['stylist'], stylist: [] };

/** A salon the signed-in staff member works at, with their role there. */
export interface StaffSalon {
  id: number;
  name: string;
  role: StaffRole;
  /** the group the salon belongs to, when the role comes from owning the group */
  group_id: number | null;
}

/** GET /api/console/me and the sign-in answer's `me`: who is signed in and where they work. */
export interface StaffMe {
  email: string;
  name: string;
  salons: StaffSalon[];
}
