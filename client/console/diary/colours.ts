import type { DiaryAppointment, DiaryService } from '../../../shared/console/diary';
import { STATUS_LOOK } from '../lib/format';

/** What the diary colours appointments by: their state, or their services' category (the salon chooses). */
export type ColourBy = 'status' | 'category';
export const COLOUR_BY_KEY = 'console.diary.colour-by';

/**
 * A category's colour, by its id: eight hues apart from one another, each dark enough to read at
 * 4.5:1 as 12 px words on the console's surfaces (tests/unit/components/console-diary-looks.test.tsx).
 * The colour is never the only sign: the block says the category in words.
 */
export const CATEGORY_COLOURS = ['#115e59', '#9a3412', '#6d28d9', '#be123c', '#1d4ed8', '#3f6212', '#a21caf', '#854d0e'] as const;

export const categoryColour = (id: number) => CATEGORY_COLOURS[Math.abs(id) % CATEGORY_COLOURS.length]!;

/** The edge colour and the words of an appointment's part (its services in one column). */
export function lookOf(a: DiaryAppointment, services: DiaryService[], by: ColourBy): { colour: string; category: string | null } {
  const category = services.find((s) => s.category)?.category ?? null;
  if (by === 'category') return { colour: category ? categoryColour(category.id) : '#4b5563', category: category?.name ?? 'No category' };
  return { colour: STATUS_LOOK[a.status].colour, category: null };
}

/** The categories of what a day shows, for the key beside the diary. */
export function categoriesOf(appointments: DiaryAppointment[]): { id: number; name: string }[] {
  const seen = new Map<number, string>();
  for (const a of appointments) for (const s of a.services) if (s.category) seen.set(s.category.id, s.category.name);
  return [...seen].map(([id, name]) => ({ id, name })).sort((x, y) => x.name.localeCompare(y.name));
}
