import { CARD_SETTINGS, CARD_SETTINGS_NEED_PAYMENTS, type CardSetting } from '../../shared/console/payments';
import { SETTING_LABELS } from '../../shared/console/settings';
import { AppError } from '../errors';

/**
 * Until a salon can take payments (its connected account's charges are enabled, docs/payments.md),
 * none of its card settings can be switched on: a card at booking, a deposit, no-show protection,
 * vouchers on sale. One already on stays on (a salon whose account Stripe disabled keeps its
 * settings; its payments are refused meanwhile, payments/flow.ts notReady).
 */
export type CardSettingsState = Record<CardSetting, boolean>;

/**
 * 409 naming the first card setting switched on while the salon cannot take payments; `names`
 * gives a caller's own field names (the admin API's).
 */
export function refuseCardSettings(
  before: CardSettingsState,
  after: CardSettingsState,
  canTakePayments: boolean,
  names: Partial<Record<CardSetting, string>> = {},
): void {
  if (canTakePayments) return;
  const on = CARD_SETTINGS.find((k) => after[k] && !before[k]);
  if (!on) return;
  throw new AppError('CONFLICT', `${SETTING_LABELS[on]}: ${CARD_SETTINGS_NEED_PAYMENTS}`, names[on] ?? on, 'payments_not_ready');
}
