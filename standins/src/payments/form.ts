import { badParam } from './stripe-error';

/**
 * Stripe's form encoding (application/x-www-form-urlencoded with bracket notation, as Rack
 * parses it): `card[number]=4242...`, `metadata[k]=v`, `expand[0]=customer`, `expand[]=x`.
 * Produces strings and null-prototype records only; a record with keys 0..n-1 is read as an
 * array by the schemas that expect one (formArray). Bad names and clashing shapes are a 400.
 */
type FormValue = string | FormRecord;
export interface FormRecord {
  [key: string]: FormValue;
}

const MAX_PAIRS = 500;
const MAX_DEPTH = 5;
const MAX_NAME = 200;
const NAME = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

const record = (): FormRecord => Object.create(null) as FormRecord;

/** 'card[number]' → ['card', 'number']; 'expand[]' → ['expand', '']. */
function segmentsOf(name: string): string[] {
  const m = NAME.exec(name);
  if (!m || name.length > MAX_NAME) throw badParam(`Invalid parameter name: ${name.slice(0, MAX_NAME)}`);
  const rest = m[2] ? m[2].slice(1, -1).split('][') : [];
  const segments = [m[1]!, ...rest];
  if (segments.length > MAX_DEPTH) throw badParam(`Parameter ${m[1]} is nested too deeply.`, m[1]);
  if (segments.some((s) => FORBIDDEN.has(s))) throw badParam(`Invalid parameter name: ${name}`);
  return segments;
}

/** 'card', 'number' → 'card[number]'. */
export const paramName = (path: readonly PropertyKey[]) => path.map((seg, i) => (i === 0 ? String(seg) : `[${String(seg)}]`)).join('');

export function parseForm(pairs: Iterable<[string, string]>): FormRecord {
  const root = record();
  let count = 0;
  for (const [name, value] of pairs) {
    if (++count > MAX_PAIRS) throw badParam(`Too many parameters (at most ${MAX_PAIRS}).`);
    const segments = segmentsOf(name);
    let node = root;
    for (let i = 0; i < segments.length; i++) {
      const last = i === segments.length - 1;
      // 'a[]' appends: the next free index.
      const key = segments[i] === '' ? String(Object.keys(node).length) : segments[i]!;
      const existing = node[key];
      const at = paramName(segments.slice(0, i + 1));
      if (last) {
        if (existing !== undefined && typeof existing !== 'string') throw badParam(`Invalid string: ${at} is a hash.`, at);
        node[key] = value; // a repeated scalar: the last one wins (as Rack)
      } else if (existing === undefined) {
        node = node[key] = record();
      } else if (typeof existing === 'string') {
        throw badParam(`Invalid hash: ${at} is a string.`, at);
      } else {
        node = existing;
      }
    }
  }
  return root;
}

/** {0: 'a', 1: 'b'} → ['a', 'b'] when the keys are exactly 0..n-1; anything else unchanged. */
export function asArray(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  if (!keys.every((k, i) => k === String(i))) return value;
  return keys.map((k) => (value as Record<string, unknown>)[k]);
}
