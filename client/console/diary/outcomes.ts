import type { DeskAppointment } from '../../../shared/console/diary';
import { money } from '../lib/format';

/**
 * What the desk is told before and after the actions that cannot be undone: what will happen
 * (asked first), then what did happen, read from the appointment the server answered with,
 * never assumed ("charged" only once the card was charged).
 */

const clientOf = (a: DeskAppointment) => a.client?.name || 'The client';

/** What a cancellation will do, for the dialog that asks first. */
export function cancelWillDo(a: DeskAppointment, by: 'client' | 'salon', currency: string): string[] {
  const will = [
    a.client?.phone
      ? `${clientOf(a)} will be texted that the appointment is cancelled.`
      : 'There is no phone number to text, so nobody will be told.',
    'The time is freed in the diary for others to book.',
  ];
  if (a.deposit > 0)
    will.push(
      by === 'salon'
        ? `Their ${money(a.deposit, currency)} deposit will be given back in full.`
        : `Their ${money(a.deposit, currency)} deposit is given back or kept by your cancellation rule.`,
    );
  return will;
}

const DEPOSIT_AFTER: Record<string, string> = {
  refunded: 'given back',
  refund_due: 'being given back',
  released: 'released from their card',
  release_due: 'being released from their card',
  kept: 'kept by the salon',
  keep_due: 'kept by the salon',
};

/** What a cancellation did, from the appointment as it is now. */
export function cancelDone(a: DeskAppointment, currency: string): string {
  const deposit = a.payments.find((p) => p.what === 'Deposit');
  const after = deposit ? DEPOSIT_AFTER[deposit.status] : undefined;
  return [
    'Cancelled.',
    a.client?.phone ? `A text telling ${a.client.name || 'the client'} is on its way.` : 'Nobody was texted: there is no phone number.',
    deposit && after ? `Deposit of ${money(deposit.amount, currency)} ${after}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** What marking a no-show (or charging its fee again) will do, for the dialog that asks first. */
export function noShowWillDo(a: DeskAppointment, currency: string): string[] {
  const will = a.no_show ? [] : [`${clientOf(a)} will be marked as not having come.`];
  const p = a.no_show_protection;
  if (!p) return [...will, 'No fee is charged: the salon has no no-show fee.'];
  if (!a.client || !p.card) return [...will, `The ${money(p.fee, currency)} no-show fee cannot be charged: there is no card on file.`];
  return [
    ...will,
    `The ${money(p.fee, currency)} no-show fee will be charged to their ${p.card}.`,
    'If their bank wants them to approve it, they will be texted a link.',
  ];
}

/** What marking a no-show did: the fee charged, declined with the card's reason, waiting for the client, or none. */
export function noShowDone(a: DeskAppointment, currency: string): string {
  const fee = a.no_show_fee;
  if (!fee) return 'Marked as a no-show. No fee was charged.';
  const amount = money(fee.amount, currency);
  switch (fee.status) {
    case 'paid':
      return `Marked as a no-show. ${amount} charged${a.no_show_protection?.card ? ` to their ${a.no_show_protection.card}` : ''}.`;
    case 'failed':
      return `Marked as a no-show. The ${amount} fee was not charged: ${fee.failure ?? 'the card was declined.'}`;
    case 'requires_action':
      return `Marked as a no-show. The ${amount} fee is not charged yet: their bank wants them to approve it, and they have been texted a link.`;
    case 'charging':
      return `Marked as a no-show. The ${amount} fee is still being charged: open the appointment again in a minute to see whether it went through.`;
  }
}
