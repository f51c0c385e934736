import * as z from 'zod';
import { loadAccount } from './accounts';
import type { PaymentIntent } from './intent-objects';
import { formInt, idParam } from './params';
import { badParam, invalidRequest } from './stripe-error';

/**
 * A payment's Connect fields, on POST /v1/payment_intents and in a Checkout Session's
 * payment_intent_data: a destination charge (transfer_data[destination], on_behalf_of) and the
 * platform's application_fee_amount, checked as Stripe checks them.
 */
export const connectParams = {
  application_fee_amount: formInt(0, 99_999_999).optional(),
  on_behalf_of: idParam.optional(),
  transfer_data: z.strictObject({ destination: idParam }).optional(),
};

export type ConnectFields = Pick<PaymentIntent, 'application_fee_amount' | 'on_behalf_of' | 'transfer_data'>;

export async function connectFields(
  db: D1Database,
  p: { application_fee_amount?: number; on_behalf_of?: string; transfer_data?: { destination: string } },
  amount: number,
  requestAccount: string | null,
  prefix: '' | 'payment_intent_data' = '',
): Promise<ConnectFields> {
  // a parameter's name as Stripe reports it, inside payment_intent_data[...] on a Checkout Session
  const at = (f: string) => (prefix ? `${prefix}[${f.replace('[', '][')}${f.includes('[') ? '' : ']'}` : f);
  const destination = p.transfer_data?.destination;
  if (p.application_fee_amount !== undefined && !destination && requestAccount === null) {
    throw badParam(
      'Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).',
      at('application_fee_amount'),
    );
  }
  if (p.application_fee_amount !== undefined && p.application_fee_amount > amount) {
    throw badParam('The application fee cannot be greater than the amount of the payment.', at('application_fee_amount'));
  }
  if (destination) {
    const account = (await loadAccount(db, destination, at('transfer_data[destination]'), 400)).object;
    if (account.capabilities.transfers !== 'active') {
      throw invalidRequest(
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        { code: 'insufficient_capabilities_for_transfer', param: at('transfer_data[destination]') },
        false,
      );
    }
  }
  if (p.on_behalf_of !== undefined) {
    await loadAccount(db, p.on_behalf_of, at('on_behalf_of'), 400);
    if (destination && p.on_behalf_of !== destination) {
      throw badParam('The `on_behalf_of` account must be the same as `transfer_data[destination]`.', at('on_behalf_of'));
    }
  }
  return {
    application_fee_amount: p.application_fee_amount ?? null,
    on_behalf_of: p.on_behalf_of ?? null,
    transfer_data: destination ? { destination } : null,
  };
}
