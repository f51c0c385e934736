import { bindingName, DIRECTORY_BINDING, type BindingName } from '../db/placement';

/**
 * A caller's D1 bookmarks, one per database its writes reached (docs/scale.md): what travels in
 * `X-D1-Bookmark` and the bookmark cookie. DB's bookmark is written as D1 gives it, so a
 * deployment with one database carries exactly D1's bookmark; another database's is prefixed
 * with its number (`2.` for DB_2), entries joined by `~`: `0000a-01~2.0000b-07`.
 */
export type Bookmarks = Map<BindingName, string>;

/** D1's bookmarks are dash-separated hex (lexicographically ordered). */
const BOOKMARK = /^[0-9a-f]{1,64}(?:-[0-9a-f]{1,64}){1,7}$/i;
const ENTRY = /^(?:([2-9]|[1-9]\d{1,2})\.)?(.+)$/;
const MAX_ENTRIES = 8;

/** The bookmarks of a header or cookie value; null when it is not one (then the primary is used). */
export function parseBookmarks(value: string | undefined | null): Bookmarks | null {
  if (!value) return null;
  const entries = value.split('~');
  if (entries.length > MAX_ENTRIES) return null;
  const out: Bookmarks = new Map();
  for (const entry of entries) {
    const [, n, bookmark] = ENTRY.exec(entry) ?? [];
    if (!bookmark || !BOOKMARK.test(bookmark)) return null;
    const binding = bindingName.safeParse(n ? `DB_${n}` : DIRECTORY_BINDING);
    if (!binding.success || out.has(binding.data)) return null;
    out.set(binding.data, bookmark);
  }
  return out;
}

export function formatBookmarks(bookmarks: Bookmarks): string {
  return [...bookmarks]
    .sort(([a], [b]) => orderOf(a) - orderOf(b))
    .slice(0, MAX_ENTRIES)
    .map(([binding, bookmark]) => (binding === DIRECTORY_BINDING ? bookmark : `${binding.slice(3)}.${bookmark}`))
    .join('~');
}

const orderOf = (binding: BindingName) => (binding === DIRECTORY_BINDING ? 1 : Number(binding.slice(3)));
