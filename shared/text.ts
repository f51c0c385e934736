/**
 * Cuts a text at `limit` characters for a read more / close toggle. Cuts at the last word
 * boundary before the limit when there is one, and never splits a surrogate pair.
 */
export function cutText(text: string, limit: number): { short: string; isCut: boolean } {
  const chars = Array.from(text);
  if (chars.length <= limit) return { short: text, isCut: false };
  const head = chars.slice(0, limit).join('');
  const lastSpace = head.lastIndexOf(' ');
  const short = (lastSpace > limit * 0.6 ? head.slice(0, lastSpace) : head).trimEnd();
  return { short: `${short}…`, isCut: true };
}

/** True when a service description is long enough to get view more / less. */
export function needsViewMore(text: string, threshold: number): boolean {
  return Array.from(text).length >= threshold;
}

/** Up to two initials for an avatar: 'Amelia Hart' → 'AH'. */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter((w) => /^[\p{L}\p{N}]/u.test(w))
    .slice(0, 2)
    .map((w) => Array.from(w)[0]!.toUpperCase())
    .join('');
}

/** What an initials avatar or icon shows: the initials, or '?' for a name without any. */
export function avatarInitials(name: string): string {
  return initialsOf(name) || '?';
}
