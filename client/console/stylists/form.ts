import type { MenuService } from '../../../shared/console/menu';
import { rangesOf } from '../../../shared/console/menu';
import {
  extraDaySchema,
  newStylistSchema,
  stylistServiceSchema,
  weekdayHoursSchema,
  type ConsoleStylist,
  type NewStylist,
} from '../../../shared/console/stylists';
import { toMinor } from '../../../shared/money';
import * as z from '../../../shared/zod';

/**
 * The stylist form's schema, built from the shared one the calls validate with: the name and
 * title are the shared fields; each worked weekday and each extra day is checked by the shared
 * day's rules (so "A break ends after it starts" is the server's words); each service they
 * perform by the menu's offer rules after the typed price (major units, '45.50') is made minor.
 */
const MONEY = /^\d{1,6}(\.\d{1,2})?$/;
const MSG_MONEY = 'Enter a price such as 45 or 45.50';

const breakRow = z.object({ start: z.string(), end: z.string() });
const dayRow = z.object({ works: z.boolean(), start: z.string(), end: z.string(), breaks: z.array(breakRow) });
const serviceRow = z.object({
  service_id: z.number(),
  name: z.string(),
  performs: z.boolean(),
  price: z.string(),
  duration: z.string(),
  processing: z.string(),
});
export type ServiceRow = z.infer<typeof serviceRow>;

/** The days of the week as the form lists them, Monday first (index: weekday, 0 Sunday). */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const stylistFormSchema = z
  .object({
    name: newStylistSchema.shape.name,
    title: z.string().trim().max(60, 'A title can be at most 60 characters'),
    staff_id: z.string(),
    week: z.array(dayRow).length(7),
    extra_days: z.array(z.object({ date: z.string(), start: z.string(), end: z.string(), breaks: z.array(breakRow) })),
    services: z.array(serviceRow),
  })
  .superRefine((v, ctx) => {
    const add = (path: (string | number)[], issues: z.core.$ZodIssue[]) => {
      for (const issue of issues)
        ctx.addIssue({ code: 'custom', path: [...path, ...issue.path.map((p) => p as string | number)], message: issue.message });
    };
    v.week.forEach((d, weekday) => {
      if (!d.works) return;
      const r = weekdayHoursSchema.safeParse({ weekday, start: d.start, end: d.end, breaks: d.breaks });
      if (!r.success) add(['week', weekday], r.error.issues);
    });
    v.extra_days.forEach((d, i) => {
      const r = extraDaySchema.safeParse(d);
      if (!r.success) add(['extra_days', i], r.error.issues);
    });
    v.services.forEach((s, i) => {
      if (!s.performs) return;
      const moneyOk = MONEY.test(s.price.trim());
      if (!moneyOk) ctx.addIssue({ code: 'custom', path: ['services', i, 'price'], message: MSG_MONEY });
      const r = stylistServiceSchema.safeParse(offerOf(s));
      if (!r.success)
        add(
          ['services', i],
          r.error.issues.filter((x) => !(x.path[0] === 'price' && !moneyOk)),
        );
    });
  });
export type StylistForm = z.infer<typeof stylistFormSchema>;

const minutes = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed));
const offerOf = (s: ServiceRow) => ({
  service_id: s.service_id,
  price: MONEY.test(s.price.trim()) ? toMinor(Number(s.price)) : 0,
  duration: minutes(s.duration),
  processing: minutes(s.processing || '0'),
});

/** The form's values for a stylist (or a new one), with a row for each of the salon's services (a new row's defaults from the service). */
export function formOf(s: ConsoleStylist | null, menu: MenuService[]): StylistForm {
  return {
    name: s?.name ?? '',
    title: s?.title ?? '',
    staff_id: s?.staff_id ? String(s.staff_id) : '',
    week: DAY_NAMES.map((_, weekday) => {
      const h = s?.hours.find((x) => x.weekday === weekday);
      return h ? { works: true, start: h.start, end: h.end, breaks: h.breaks } : { works: false, start: '09:00', end: '17:30', breaks: [] };
    }),
    extra_days: s?.extra_days ?? [],
    services: menu.map((m) => {
      const o = s?.services.find((x) => x.service_id === m.id);
      const r = rangesOf(m.stylists);
      return {
        service_id: m.id,
        name: m.name,
        performs: !!o,
        price: o ? (o.price / 100).toFixed(2) : r ? (r.minPrice / 100).toFixed(2) : '',
        duration: String(o?.duration ?? r?.minDuration ?? ''),
        processing: String(o?.processing ?? r?.processing ?? 0),
      };
    }),
  };
}

/** The call's body, and how its lists map back to the form's rows (for the server's field messages). */
export function bodyOf(v: StylistForm): {
  body: Required<Omit<NewStylist, 'active'>>;
  weekdayOf: number[];
  serviceRowOf: number[];
} {
  const worked = v.week.map((d, weekday) => [d, weekday] as const).filter(([d]) => d.works);
  const performing = v.services.map((s, i) => [s, i] as const).filter(([s]) => s.performs);
  return {
    body: {
      name: v.name,
      title: v.title,
      staff_id: v.staff_id ? Number(v.staff_id) : null,
      hours: worked.map(([d, weekday]) => ({ weekday, start: d.start, end: d.end, breaks: d.breaks })),
      extra_days: v.extra_days,
      services: performing.map(([s]) => offerOf(s)),
    },
    weekdayOf: worked.map(([, weekday]) => weekday),
    serviceRowOf: performing.map(([, i]) => i),
  };
}

/** A server's field in the form's terms: 'hours.0.breaks.1.end' of the body is that weekday's row; 'services.2.price' that service's. */
export function formFieldOf(field: string, m: { weekdayOf: number[]; serviceRowOf: number[] }): string {
  const hours = /^hours\.(\d+)\.(.+)$/.exec(field);
  if (hours) return `week.${m.weekdayOf[Number(hours[1])] ?? 0}.${hours[2]}`;
  const service = /^services\.(\d+)\.(\w+)$/.exec(field);
  if (service) return `services.${m.serviceRowOf[Number(service[1])] ?? 0}.${service[2]}`;
  return field;
}
