import { directoryOf } from './placement';

/**
 * client_cards: a client's payment-provider customer and saved card (one per client, whichever
 * salon asks): kept in the first database, found from any salon's database (db/placement.ts).
 */
export interface CardRow {
  customer_id: string;
  payment_method_id: string | null;
  brand: string | null;
  last4: string | null;
  exp_month: number | null;
  exp_year: number | null;
}

export const cardOf = (db: D1Database, clientId: string) =>
  directoryOf(db)
    .prepare('SELECT customer_id, payment_method_id, brand, last4, exp_month, exp_year FROM client_cards WHERE client_id = ?')
    .bind(clientId)
    .first<CardRow>();

/** Records the client's customer once (a concurrent first record wins). */
export const recordCustomer = (db: D1Database, clientId: string, customerId: string, now: number) =>
  directoryOf(db)
    .prepare('INSERT INTO client_cards (client_id, customer_id, updated_at) VALUES (?, ?, ?) ON CONFLICT (client_id) DO NOTHING')
    .bind(clientId, customerId, now)
    .run();

/** Keeps a card (or, with null, forgets it). */
export const storeCard = (
  db: D1Database,
  clientId: string,
  card: { id: string; brand: string; last4: string; exp_month: number; exp_year: number } | null,
  now: number,
) =>
  directoryOf(db)
    .prepare(
      'UPDATE client_cards SET payment_method_id = ?, brand = ?, last4 = ?, exp_month = ?, exp_year = ?, updated_at = ? WHERE client_id = ?',
    )
    .bind(card?.id ?? null, card?.brand ?? null, card?.last4 ?? null, card?.exp_month ?? null, card?.exp_year ?? null, now, clientId)
    .run();
