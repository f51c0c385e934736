import * as z from 'zod';
import { cardFromInput } from './cards';
import type { Ctx, Route } from './context';
import { commitWithEvents, type EventDraft } from './events';
import { newId, unixSeconds } from './ids';
import type { IntentInternal, PaymentIntent } from './intent-objects';
import { attempt, loadIntent } from './intents';
import { applyMetadata, type Metadata } from './metadata';
import { formInt, idParam, metadataParam } from './params';
import { insertPaymentMethod } from './payment-methods';
import { badParam, invalidRequest, noSuch } from './stripe-error';
import { commit, load, retrying, type Stored, type Write } from './store';
import { parseParams } from './validation';

/**
 * Stripe Terminal, server-driven (docs/payments.md "Card readers"): locations, readers registered
 * by the code a device shows (in test mode `simulated-wpe` and `simulated-s700` make simulated
 * readers, as on Stripe), a payment intent handed to a reader (process_payment_intent), and the
 * test helper that presents a card to a simulated reader. The card's test number decides the
 * outcome as for any card; the reader's action then succeeds or fails, and the outcome is sent as
 * terminal.reader.action_succeeded / action_failed, with the payment intent's own event.
 */

interface Address {
  city: string | null;
  country: string;
  line1: string;
  line2: string | null;
  postal_code: string | null;
  state: string | null;
}

interface Location {
  id: string;
  object: 'terminal.location';
  address: Address;
  display_name: string;
  livemode: false;
  metadata: Metadata;
}

type ActionStatus = 'in_progress' | 'succeeded' | 'failed';

interface ReaderAction {
  type: 'process_payment_intent';
  status: ActionStatus;
  failure_code: string | null;
  failure_message: string | null;
  process_payment_intent: { payment_intent: string };
}

interface Reader {
  id: string;
  object: 'terminal.reader';
  action: ReaderAction | null;
  device_sw_version: string;
  device_type: 'simulated_wisepos_e' | 'simulated_stripe_s700';
  ip_address: string;
  label: string;
  last_seen_at: number;
  livemode: false;
  location: string;
  metadata: Metadata;
  serial_number: string;
  status: 'online' | 'offline';
}

/** The store keeps a `created` on every object (its row's column); Stripe's readers and locations have none. */
type Kept<O> = O & { created: number };
const shown = <O extends object>(o: Kept<O>): O => {
  const { created: _created, ...rest } = o;
  return rest as unknown as O;
};

const SIMULATED: Record<string, Reader['device_type']> = {
  'simulated-wpe': 'simulated_wisepos_e',
  'simulated-s700': 'simulated_stripe_s700',
};

const createLocation = z.strictObject({
  display_name: z.string().min(1).max(1000),
  address: z.strictObject({
    line1: z.string().min(1).max(500),
    line2: z.string().max(500).optional(),
    city: z.string().max(500).optional(),
    postal_code: z.string().max(50).optional(),
    state: z.string().max(500).optional(),
    country: z.string().regex(/^[A-Za-z]{2}$/),
  }),
  metadata: metadataParam,
});
const createReader = z.strictObject({
  registration_code: z.string().min(1).max(100),
  location: idParam,
  label: z.string().max(1000).optional(),
  metadata: metadataParam,
});
const processPi = z.strictObject({
  payment_intent: idParam,
  process_config: z.strictObject({ skip_tipping: z.string().optional(), enable_customer_cancellation: z.string().optional() }).optional(),
});
const presentPm = z.strictObject({
  type: z.enum(['card_present', 'interac_present']).optional(),
  card_present: z.strictObject({ number: z.string().min(12).max(19) }).optional(),
  amount_tip: formInt(0).optional(),
});
const noParams = z.strictObject({});

const loadLocation = async (ctx: Ctx, id: string, param: string, status: 400 | 404) => {
  const stored = /^tml_[A-Za-z0-9]+$/.test(id) ? await load<Kept<Location>>(ctx.db, 'stripe_terminal_locations', id) : null;
  if (!stored) throw noSuch('terminal_location', id, param, status);
  return stored;
};
const loadReader = async (ctx: Ctx) => {
  const id = ctx.params.id ?? '';
  const stored = /^tmr_[A-Za-z0-9]+$/.test(id) ? await load<Kept<Reader>>(ctx.db, 'stripe_terminal_readers', id) : null;
  if (!stored) throw noSuch('terminal_reader', id, 'reader', 404);
  return stored;
};

const busy = () =>
  invalidRequest('Reader is currently busy processing another request. Please reference the integration guide for handling busy readers.', {
    code: 'terminal_reader_busy',
  });

async function location(ctx: Ctx): Promise<object> {
  const p = parseParams(createLocation, ctx.input);
  const loc: Kept<Location> = {
    id: newId('tml'),
    object: 'terminal.location',
    address: {
      city: p.address.city ?? null,
      country: p.address.country.toUpperCase(),
      line1: p.address.line1,
      line2: p.address.line2 ?? null,
      postal_code: p.address.postal_code ?? null,
      state: p.address.state ?? null,
    },
    display_name: p.display_name,
    livemode: false,
    metadata: applyMetadata({}, p.metadata),
    created: unixSeconds(ctx.now),
  };
  await commit(ctx.db, [{ table: 'stripe_terminal_locations', object: loc }]);
  return shown(loc);
}

async function register(ctx: Ctx): Promise<object> {
  const p = parseParams(createReader, ctx.input);
  const deviceType = SIMULATED[p.registration_code];
  if (!deviceType)
    throw badParam('The registration code is invalid or has expired.', 'registration_code', 'terminal_reader_registration_code_invalid');
  await loadLocation(ctx, p.location, 'location', 400);
  const reader: Kept<Reader> = {
    id: newId('tmr'),
    object: 'terminal.reader',
    action: null,
    device_sw_version: '',
    device_type: deviceType,
    ip_address: '0.0.0.0',
    label: p.label ?? deviceType,
    last_seen_at: ctx.now,
    livemode: false,
    location: p.location,
    metadata: applyMetadata({}, p.metadata),
    serial_number: `SIM-${newId('tmr').slice(4, 16).toUpperCase()}`,
    status: 'online',
    created: unixSeconds(ctx.now),
  };
  await commit(ctx.db, [{ table: 'stripe_terminal_readers', object: reader }]);
  return shown(reader);
}

/** POST /v1/terminal/readers/:id/process_payment_intent: the reader asks for a card for this intent. */
async function process(ctx: Ctx): Promise<object> {
  const p = parseParams(processPi, ctx.input);
  return retrying(async () => {
    const stored = await loadReader(ctx);
    const reader = stored.object;
    if (reader.action?.status === 'in_progress') throw busy();
    const pi = (await loadIntent(ctx.db, ctx.now, 'payment_intent', p.payment_intent, 'payment_intent', 400)).object;
    if (!pi.payment_method_types.includes('card_present'))
      throw badParam('This PaymentIntent cannot be processed on a reader: its payment_method_types lack card_present.', 'payment_intent');
    if (pi.status !== 'requires_payment_method' && pi.status !== 'requires_confirmation')
      throw invalidRequest(`This PaymentIntent's status is ${pi.status}: it cannot be processed.`, {
        code: 'payment_intent_unexpected_state',
        param: 'payment_intent',
      });
    const next: Kept<Reader> = {
      ...reader,
      action: {
        type: 'process_payment_intent',
        status: 'in_progress',
        failure_code: null,
        failure_message: null,
        process_payment_intent: { payment_intent: pi.id },
      },
    };
    const ok = await commit(ctx.db, [{ table: 'stripe_terminal_readers', object: next, expected: stored.revision }]);
    return ok ? shown(next) : undefined;
  });
}

/** POST /v1/terminal/readers/:id/cancel_action: the reader stops waiting for a card. */
async function cancelAction(ctx: Ctx): Promise<object> {
  parseParams(noParams, ctx.input);
  return retrying(async () => {
    const stored = await loadReader(ctx);
    if (stored.object.action?.status !== 'in_progress')
      throw invalidRequest('This reader has no action in progress to cancel.', { code: 'terminal_reader_action_unexpected_state' });
    const next: Kept<Reader> = { ...stored.object, action: null };
    const ok = await commit(ctx.db, [{ table: 'stripe_terminal_readers', object: next, expected: stored.revision }]);
    return ok ? shown(next) : undefined;
  });
}

/**
 * POST /v1/test_helpers/terminal/readers/:id/present_payment_method: a card tapped on the
 * simulated reader (4242… unless `card_present[number]` names another test card). The intent is
 * attempted with it as any card is (a card present needs no 3-D Secure), then the reader's action
 * and the intent are saved together with their events.
 */
async function present(ctx: Ctx): Promise<object> {
  const p = parseParams(presentPm, ctx.input);
  const number = p.card_present?.number ?? '4242424242424242';
  const year = new Date(ctx.now).getUTCFullYear() + 3;
  const pm = await insertPaymentMethod(ctx, await cardFromInput({ number, exp_month: '12', exp_year: String(year) }, ctx.now));
  return retrying(async () => {
    const stored = await loadReader(ctx);
    const action = stored.object.action;
    if (action?.status !== 'in_progress')
      throw invalidRequest('This reader is not waiting for a payment method.', { code: 'terminal_reader_action_unexpected_state' });
    const si = await loadIntent(ctx.db, ctx.now, 'payment_intent', action.process_payment_intent.payment_intent);
    const pi: PaymentIntent = structuredClone(si.object);
    const internal: IntentInternal = { ...si.internal };
    const tried = attempt({ now: ctx.now, origin: ctx.origin }, pi, internal, pm, true);
    const failure = tried.error?.body().error as { code?: string; message?: string } | undefined;
    const reader: Kept<Reader> = {
      ...stored.object,
      action: {
        ...action,
        status: failure ? 'failed' : 'succeeded',
        failure_code: failure?.code ?? null,
        failure_message: failure?.message ?? null,
      },
    };
    const writes: Write[] = [
      { table: 'stripe_payment_intents', object: pi, internal, expected: si.revision },
      { table: 'stripe_terminal_readers', object: reader, expected: stored.revision },
      ...(tried.pmWrite ? [tried.pmWrite] : []),
    ];
    const events: EventDraft[] = [
      ...tried.events,
      { type: failure ? 'terminal.reader.action_failed' : 'terminal.reader.action_succeeded', object: shown(reader) as Reader },
    ];
    return (await commitWithEvents(ctx.db, writes, events, ctx)) ? shown(reader) : undefined;
  });
}

const get = (ctx: Ctx, find: (ctx: Ctx) => Promise<Stored<Kept<object>, unknown>>) => {
  parseParams(noParams, ctx.input);
  return find(ctx).then((s) => shown(s.object));
};

export const terminalRoutes: Route[] = [
  { method: 'POST', path: '/v1/terminal/locations', handler: location },
  {
    method: 'GET',
    path: '/v1/terminal/locations/:id',
    handler: (ctx) => get(ctx, (c) => loadLocation(c, c.params.id ?? '', 'location', 404)),
  },
  { method: 'POST', path: '/v1/terminal/readers', handler: register },
  { method: 'GET', path: '/v1/terminal/readers/:id', handler: (ctx) => get(ctx, loadReader) },
  { method: 'POST', path: '/v1/terminal/readers/:id/process_payment_intent', handler: process },
  { method: 'POST', path: '/v1/terminal/readers/:id/cancel_action', handler: cancelAction },
  { method: 'POST', path: '/v1/test_helpers/terminal/readers/:id/present_payment_method', handler: present },
];
