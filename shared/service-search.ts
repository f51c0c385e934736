import type { Category } from './types';

/**
 * Service search (docs/booking/journey.md §4): a case-insensitive substring match on the service
 * name; categories with no match are hidden; an empty query shows everything.
 */
export function searchServices(categories: readonly Category[], query: string): Category[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return categories.slice();
  return categories
    .map((c) => ({ ...c, services: c.services.filter((s) => s.name.toLocaleLowerCase().includes(needle)) }))
    .filter((c) => c.services.length > 0);
}

/**
 * The optional `category` query of the service page: keeps the categories whose id equals it
 * or whose name matches it (case-insensitive). An empty or unmatched query keeps them all.
 */
export function filterByCategoryQuery(categories: readonly Category[], query: string | null): Category[] {
  const q = query?.trim().toLocaleLowerCase();
  if (!q) return categories.slice();
  const matched = categories.filter((c) => String(c.id) === q || c.name.toLocaleLowerCase() === q);
  return matched.length > 0 ? matched : categories.slice();
}

/** Services visible to clients: those marked show. */
export function visibleCategories(categories: readonly Category[]): Category[] {
  return categories.map((c) => ({ ...c, services: c.services.filter((s) => s.show) })).filter((c) => c.services.length > 0);
}
