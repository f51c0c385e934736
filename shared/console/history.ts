import type { PhotoField } from './photos';
import type { MenuHistoryField } from './menu';
import type { AbsenceHistoryField } from './time-off';
import type { SettingName } from './settings';
import type { SaleHistoryField } from './checkout';
import type { SetupHistoryField } from './setup';
import type { WaitlistHistoryField } from '../waitlist-offers';

/** One change of a salon's settings or images, as GET /api/console/salons/{id}/history lists them (newest first). */
export interface HistoryEntry {
  /** ISO date-time of the change */
  at: string;
  /** who made it: a staff member's email, or 'admin key' for the salon admin API */
  who: string;
  /**
   * a setting, an image (logo, cover, stylist_photo: old and new are addresses, a stylist's with
   * their name), the menu (menu_category, menu_service: old and new in a few words, null for none),
   * time off and blocks (time_off, block), the set-up (setup_checklist, salon_group: shared/console/setup.ts),
   * the waitlist's offers (waitlist_offer: who is 'Waitlist (automatic)', shared/waitlist-offers.ts),
   * or the desk's money (sale, sale_refund, sale_cancel: shared/console/checkout.ts)
   */
  field: SettingName | PhotoField | MenuHistoryField | AbsenceHistoryField | SetupHistoryField | WaitlistHistoryField | SaleHistoryField;
  /** the values before and after, in the settings' own shapes */
  old: unknown;
  new: unknown;
  /** the settings version the change made */
  version: number;
}
