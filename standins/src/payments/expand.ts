import type { Ctx } from './context';
import { badParam } from './stripe-error';
import { load, type Table } from './store';

/** Where an id found at an expandable path lives, by its prefix. */
const TABLES: Record<string, Table> = { cus: 'stripe_customers', pm: 'stripe_payment_methods', pi: 'stripe_payment_intents' };

/**
 * Checks expand[] before anything changes: only the given paths of this object (prefixed
 * 'data.' on a list) can be expanded, e.g. 'customer' or 'invoice_settings.default_payment_method';
 * anything else is Stripe's 400. Answers the paths to expand on each object.
 */
export function checkExpand(expand: readonly string[] | undefined, paths: readonly string[], list = false): string[] {
  const wanted = expand ?? [];
  for (const e of wanted) {
    const path = list ? e.replace(/^data\./, '') : e;
    if ((list && !e.startsWith('data.')) || !paths.includes(path)) {
      throw badParam(`This property cannot be expanded (${e.slice(0, 100)}).`, 'expand');
    }
  }
  return wanted.map((e) => (list ? e.replace(/^data\./, '') : e));
}

/** Replaces the ids at the given paths by the objects they name (an id of nothing stays an id). */
export async function expanded<T extends object>(ctx: Ctx, object: T, paths: readonly string[]): Promise<T> {
  if (paths.length === 0) return object;
  const out = structuredClone(object) as Record<string, unknown>;
  for (const path of paths) {
    const keys = path.split('.');
    const leaf = keys.pop()!;
    let parent: unknown = out;
    for (const k of keys) parent = typeof parent === 'object' && parent !== null ? (parent as Record<string, unknown>)[k] : undefined;
    if (typeof parent !== 'object' || parent === null) continue;
    const holder = parent as Record<string, unknown>;
    const id = holder[leaf];
    const prefix = typeof id === 'string' ? id.split('_', 1)[0]! : '';
    const table = Object.hasOwn(TABLES, prefix) ? TABLES[prefix] : undefined;
    if (typeof id !== 'string' || !table) continue;
    const found = await load<object>(ctx.db, table, id);
    if (found) holder[leaf] = found.object;
  }
  return out as T;
}
