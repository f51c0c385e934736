import { newServiceSchema, stylistOfferSchema, type MenuService, type NewService } from '../../../shared/console/menu';
import { toMinor } from '../../../shared/money';
import * as z from '../../../shared/zod';

/**
 * The service form's schema, built from the shared one the call validates with: the text and
 * flags are the shared fields; each stylist row is checked, when they perform it, by the shared
 * offer's rules after the typed price (major units, '45.50') is made minor units.
 */
const MONEY = /^\d{1,6}(\.\d{1,2})?$/;
const MSG_MONEY = 'Enter a price such as 45 or 45.50';

const row = z.object({
  stylist_id: z.number(),
  name: z.string(),
  performs: z.boolean(),
  price: z.string(),
  duration: z.string(),
  processing: z.string(),
});
export type StylistRow = z.infer<typeof row>;

export const serviceFormSchema = z
  .object({
    name: newServiceSchema.shape.name,
    category_id: z.string().min(1, 'Choose a category'),
    description: z.string().trim().max(1000, 'The description can be at most 1000 characters'),
    online: z.boolean(),
    patch_test: z.boolean(),
    variable_price: z.boolean(),
    recommended: z.array(z.string()).max(10, 'Suggest at most 10 finishing services'),
    stylists: z.array(row),
  })
  .superRefine((v, ctx) => {
    v.stylists.forEach((r, i) => {
      if (!r.performs) return;
      if (!MONEY.test(r.price.trim())) ctx.addIssue({ code: 'custom', path: ['stylists', i, 'price'], message: MSG_MONEY });
      const offer = stylistOfferSchema.safeParse(offerOf(r));
      for (const issue of offer.success ? [] : offer.error.issues) {
        const field = String(issue.path[0]);
        if (field === 'price' && !MONEY.test(r.price.trim())) continue;
        ctx.addIssue({ code: 'custom', path: ['stylists', i, field], message: issue.message });
      }
    });
  });
export type ServiceForm = z.infer<typeof serviceFormSchema>;

const minutes = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed));
const offerOf = (r: StylistRow) => ({
  stylist_id: r.stylist_id,
  price: MONEY.test(r.price.trim()) ? toMinor(Number(r.price)) : 0,
  duration: minutes(r.duration),
  processing: minutes(r.processing || '0'),
});

/** The form's values for a service (or a new one in `categoryId`), with a row for each of the salon's stylists. */
export function formOf(s: MenuService | null, categoryId: number, stylists: { id: number; name: string }[]): ServiceForm {
  return {
    name: s?.name ?? '',
    category_id: String(s?.category_id ?? categoryId),
    description: s?.description ?? '',
    online: s?.online ?? true,
    patch_test: s?.patch_test ?? false,
    variable_price: s?.variable_price ?? false,
    recommended: (s?.recommended ?? []).map(String),
    stylists: stylists.map((st) => {
      const o = s?.stylists.find((x) => x.stylist_id === st.id);
      return {
        stylist_id: st.id,
        name: st.name,
        performs: !!o,
        price: o ? (o.price / 100).toFixed(2) : '',
        duration: o ? String(o.duration) : '',
        processing: o ? String(o.processing) : '0',
      };
    }),
  };
}

/** The call's body; `rowOf` maps the body's stylists back to the form's rows (for the server's field messages). */
export function bodyOf(v: ServiceForm): { body: NewService; rowOf: number[] } {
  const performing = v.stylists.map((r, i) => [r, i] as const).filter(([r]) => r.performs);
  return {
    body: {
      name: v.name,
      category_id: Number(v.category_id),
      description: v.description,
      online: v.online,
      patch_test: v.patch_test,
      variable_price: v.variable_price,
      recommended: v.recommended.map(Number),
      stylists: performing.map(([r]) => offerOf(r)),
    },
    rowOf: performing.map(([, i]) => i),
  };
}

/** A server's field name in the form's terms ('stylists.0.price' of the body is the form's row of that stylist). */
export function formFieldOf(field: string, rowOf: number[]): string {
  const m = /^stylists\.(\d+)\.(\w+)$/.exec(field);
  if (m) return `stylists.${rowOf[Number(m[1])] ?? 0}.${m[2]}`;
  return field.startsWith('recommended') ? 'recommended' : field;
}
