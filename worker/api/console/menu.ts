import { Hono, type Context } from 'hono';
import * as z from 'zod';
import {
  categoryPatchSchema,
  newCategorySchema,
  newServiceSchema,
  servicePatchSchema,
  serviceWords,
  type MenuEvent,
  type MenuService,
} from '../../../shared/console/menu';
import { CAN } from '../../../shared/console/roles';
import { stylistOfStaff } from '../../db/diary';
import { categoryOf, createCategory, listCategories, movedTo, patchCategory, removeCategory } from '../../db/menu-categories';
import {
  createService,
  menuRefs,
  patchService,
  readServices,
  refusedField,
  removeService,
  serviceOf,
  type ServiceFields,
} from '../../db/menu-services';
import { salonById } from '../../db/salons';
import type { AppEnv } from '../../env';
import { errorBody } from '../../error-answer';
import { AppError, FieldErrors } from '../../errors';
import { publishMenuChange } from '../../messaging/realtime';
import { idParam, jsonBody, validate, validateForm } from '../../validate';
import { afterAnswer } from '../after-answer';
import { changedScopes, SCOPES, staffRoute } from '../policy';
import { staffOf } from '../staff-access';
import { expectedVersion } from './settings';

/**
 * The Services place's calls (issue 48; docs/console/services.md): categories and services under
 * /api/console/salons/{id}/. Owners and managers change them; a stylist reads the services they
 * perform. Each category and service answers with its version as ETag, and a change (PATCH,
 * DELETE) names it in If-Match: 428 without, 412 with the current state when stale. Every change
 * writes History in its own batch, renews the booking page's cache versions (the salon's, and its
 * group's picker) and tells the salon's open consoles on its channel.
 */

const categoryParam = z.object({ salonId: z.string(), categoryId: idParam('Category id') });
const serviceParam = z.object({ salonId: z.string(), serviceId: idParam('Service id') });

const MSG_STALE_CATEGORY = 'Someone else changed this category since you opened it. Check it, then make your change again.';
const MSG_STALE_SERVICE = 'Someone else changed this service since you opened it. Check it, then make your change again.';

export const stale = (c: Context<AppEnv>, message: string, current: unknown) =>
  c.json({ ...errorBody(c, 'PRECONDITION_FAILED', message), error: 'STALE_VERSION', message, current }, 412);

/** The change's facts: who, where, when, the salon's currency and cache scopes. */
export async function changeOf(c: Context<AppEnv>) {
  const staff = staffOf(c);
  const salon = await salonById(c.env.DB, staff.salonId);
  if (!salon) throw new AppError('NOT_FOUND', 'Salon not found');
  return {
    w: { salonId: staff.salonId, who: staff.email, now: Date.now() },
    money: { currency: salon.currency, country: salon.country_code },
    timezone: salon.timezone,
    scopes: [SCOPES.salon(staff.salonId), ...(salon.group_id ? [SCOPES.group(salon.group_id)] : [])],
  };
}

/** After a change: the booking page's next load shows it, and the salon's open consoles ask again. */
export function announce(c: Context<AppEnv>, scopes: string[], event: MenuEvent) {
  changedScopes(c, scopes);
  c.header('Cache-Control', 'private, no-store');
  afterAnswer(c, publishMenuChange(c.get('config'), staffOf(c).salonId, event), `menu change of ${event.change} ${event.id} not published`);
}

/** If-Match before the body: a change without it is 428 whatever it sends. */
export const needsIfMatch = async (c: Context<AppEnv>, next: () => Promise<void>) => {
  expectedVersion(c, 'version');
  await next();
};

/** The column a stylist reads (theirs; none when no column is theirs), or undefined for those who read every one. */
export async function ownColumnOf(c: Context<AppEnv>): Promise<number | undefined> {
  const staff = staffOf(c);
  if (staff.role !== 'stylist') return undefined;
  return (await stylistOfStaff(c.env.DB, staff.id, staff.salonId)) ?? -1;
}

async function categoryOrNotFound(c: Context<AppEnv>, categoryId: number) {
  const all = await listCategories(c.env.DB, staffOf(c).salonId);
  const current = all.find((x) => x.id === categoryId);
  if (!current) throw new AppError('NOT_FOUND', 'Category not found');
  return { all, current };
}

async function serviceOrNotFound(c: Context<AppEnv>, serviceId: number, stylistId?: number) {
  const s = await serviceOf(c.env.DB, staffOf(c).salonId, serviceId, stylistId);
  if (!s) throw new AppError('NOT_FOUND', 'Service not found');
  return s;
}

/** Per-field messages for what a service names that is not the salon's (live) own. */
async function checkRefs(c: Context<AppEnv>, s: Partial<ServiceFields>, self?: number) {
  const refs = await menuRefs(c.env.DB, staffOf(c).salonId);
  const errors: Record<string, string> = {};
  if (s.category_id !== undefined && !refs.categories.has(s.category_id)) errors.category_id = 'Choose one of the salon’s categories';
  s.stylists?.forEach((o, i) => {
    if (!refs.stylists.has(o.stylist_id)) errors[`stylists.${i}.stylist_id`] ??= 'Choose one of the salon’s stylists';
  });
  s.recommended?.forEach((id, i) => {
    if (id === self) errors[`recommended.${i}`] ??= 'A service cannot suggest itself';
    else if (!refs.services.has(id)) errors[`recommended.${i}`] ??= 'Choose finishing services from the salon’s menu';
  });
  const first = Object.values(errors)[0];
  if (first) throw new FieldErrors(first, errors);
}

/** A write the database refused for a reference gone meanwhile: a 400 naming the field. */
async function refusing<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    const field = refusedField(e);
    if (!field) throw e;
    const message = 'Someone changed the menu meanwhile: choose again';
    throw new FieldErrors(message, { [field]: message });
  }
}

const categoryName = async (c: Context<AppEnv>, id: number) =>
  (await categoryOf(c.env.DB, staffOf(c).salonId, id))?.name ?? 'another category';

export const withVersion = (c: Context<AppEnv>, version: number) => c.header('ETag', `"${version}"`);

export const consoleMenu = new Hono<AppEnv>()
  .get('/console/salons/:salonId/categories', staffRoute(CAN.readMenu), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await listCategories(c.env.DB, staffOf(c).salonId));
  })
  .post(
    '/console/salons/:salonId/categories',
    staffRoute(CAN.editMenu),
    jsonBody,
    validateForm(newCategorySchema, 'Check the category'),
    async (c) => {
      const { w, scopes } = await changeOf(c);
      const id = await createCategory(c.env.DB, w, c.req.valid('json').name);
      const created = (await categoryOf(c.env.DB, w.salonId, id))!;
      announce(c, scopes, { change: 'category', id });
      withVersion(c, created.version);
      return c.json(created, 201);
    },
  )
  .patch(
    '/console/salons/:salonId/categories/:categoryId',
    staffRoute(CAN.editMenu),
    validate('param', categoryParam),
    needsIfMatch,
    jsonBody,
    validateForm(categoryPatchSchema, 'Check the category'),
    async (c) => {
      const { categoryId } = c.req.valid('param');
      const from = expectedVersion(c, 'version');
      const { all, current } = await categoryOrNotFound(c, categoryId);
      if (current.version !== from) return stale(c, MSG_STALE_CATEGORY, current);
      const { w, scopes } = await changeOf(c);
      if (!(await patchCategory(c.env.DB, w, current, all, from, c.req.valid('json'))))
        return stale(c, MSG_STALE_CATEGORY, (await categoryOrNotFound(c, categoryId)).current);
      const saved = (await categoryOf(c.env.DB, w.salonId, categoryId))!;
      announce(c, scopes, { change: 'category', id: categoryId });
      withVersion(c, saved.version);
      return c.json(saved);
    },
  )
  .delete(
    '/console/salons/:salonId/categories/:categoryId',
    staffRoute(CAN.editMenu),
    validate('param', categoryParam),
    needsIfMatch,
    async (c) => {
      const { categoryId } = c.req.valid('param');
      const from = expectedVersion(c, 'version');
      const { current } = await categoryOrNotFound(c, categoryId);
      if (current.version !== from) return stale(c, MSG_STALE_CATEGORY, current);
      const { w, scopes } = await changeOf(c);
      const outcome = await removeCategory(c.env.DB, w, current, from);
      if (outcome === 'not_empty')
        throw new AppError('CONFLICT', `${current.name} still has services: move or remove them first, then remove the category.`);
      if (outcome === 'stale') {
        const now = await categoryOf(c.env.DB, w.salonId, categoryId);
        if (!now) throw new AppError('NOT_FOUND', 'Category not found');
        return stale(c, MSG_STALE_CATEGORY, now);
      }
      announce(c, scopes, { change: 'category', id: categoryId });
      return c.body(null, 204);
    },
  )
  .get('/console/salons/:salonId/services', staffRoute(CAN.readMenu), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await readServices(c.env.DB, staffOf(c).salonId, { stylistId: await ownColumnOf(c) }));
  })
  .post(
    '/console/salons/:salonId/services',
    staffRoute(CAN.editMenu),
    jsonBody,
    validateForm(newServiceSchema, 'Check the service'),
    async (c) => {
      const body = c.req.valid('json');
      await checkRefs(c, body);
      const { w, money, scopes } = await changeOf(c);
      const words = serviceWords(body, await categoryName(c, body.category_id), money);
      const id = await refusing(() => createService(c.env.DB, w, body, words));
      const created = await serviceOrNotFound(c, id);
      announce(c, scopes, { change: 'service', id });
      withVersion(c, created.version);
      return c.json(created, 201);
    },
  )
  .get('/console/salons/:salonId/services/:serviceId', staffRoute(CAN.readMenu), validate('param', serviceParam), async (c) => {
    const own = await ownColumnOf(c);
    const s = await serviceOrNotFound(c, c.req.valid('param').serviceId, own);
    // a stylist reads only a service they perform
    if (own !== undefined && s.stylists.length === 0) throw new AppError('NOT_FOUND', 'Service not found');
    c.header('Cache-Control', 'private, no-store');
    withVersion(c, s.version);
    return c.json(s);
  })
  .patch(
    '/console/salons/:salonId/services/:serviceId',
    staffRoute(CAN.editMenu),
    validate('param', serviceParam),
    needsIfMatch,
    jsonBody,
    validateForm(servicePatchSchema, 'Check the service'),
    async (c) => {
      const { serviceId } = c.req.valid('param');
      const from = expectedVersion(c, 'version');
      const current = await serviceOrNotFound(c, serviceId);
      if (current.archived_at) throw new AppError('CONFLICT', 'This service is archived: it cannot be changed.');
      if (current.version !== from) return stale(c, MSG_STALE_SERVICE, current);
      const { position, ...patch } = c.req.valid('json');
      await checkRefs(c, patch, serviceId);
      const fields: ServiceFields = { ...current, ...patch };
      const moved = fields.category_id !== current.category_id;
      const order =
        position !== undefined || moved
          ? movedTo(
              (await readServices(c.env.DB, staffOf(c).salonId)).filter((s) => s.category_id === fields.category_id).map((s) => s.id),
              serviceId,
              position ?? Number.MAX_SAFE_INTEGER,
            )
          : null;
      const { w, money, scopes } = await changeOf(c);
      const before = serviceWords(current, await categoryName(c, current.category_id), money);
      const after = serviceWords(fields, await categoryName(c, fields.category_id), money);
      const place = order && !moved && order.indexOf(serviceId) + 1 !== current.position;
      // what the few words leave out (a description, durations, finishing services) is named
      const unsaid = (Object.keys(patch) as (keyof typeof patch)[]).filter((k) => JSON.stringify(patch[k]) !== JSON.stringify(current[k]));
      const history =
        before !== after || place || unsaid.length
          ? {
              old: place ? `${before}: place ${current.position}` : before,
              new: place
                ? `${after}: place ${order.indexOf(serviceId) + 1}`
                : before === after
                  ? `${after}: ${unsaid.join(', ').replaceAll('_', ' ')} changed`
                  : after,
            }
          : null;
      const saved = await refusing(() =>
        patchService(c.env.DB, w, serviceId, from, {
          fields,
          stylists: patch.stylists !== undefined,
          recommended: patch.recommended !== undefined,
          order,
          history,
        }),
      );
      if (!saved) return stale(c, MSG_STALE_SERVICE, await serviceOrNotFound(c, serviceId));
      const updated = await serviceOrNotFound(c, serviceId);
      announce(c, scopes, { change: 'service', id: serviceId });
      withVersion(c, updated.version);
      return c.json(updated);
    },
  )
  .delete(
    '/console/salons/:salonId/services/:serviceId',
    staffRoute(CAN.editMenu),
    validate('param', serviceParam),
    needsIfMatch,
    async (c) => {
      const { serviceId } = c.req.valid('param');
      const from = expectedVersion(c, 'version');
      const current: MenuService = await serviceOrNotFound(c, serviceId);
      if (current.archived_at) throw new AppError('CONFLICT', 'This service is archived already.');
      if (current.version !== from) return stale(c, MSG_STALE_SERVICE, current);
      const { w, money, scopes } = await changeOf(c);
      const outcome = await removeService(
        c.env.DB,
        w,
        serviceId,
        from,
        serviceWords(current, await categoryName(c, current.category_id), money),
      );
      if (outcome === 'stale') return stale(c, MSG_STALE_SERVICE, await serviceOrNotFound(c, serviceId));
      announce(c, scopes, { change: 'service', id: serviceId });
      return c.json({ id: serviceId, outcome });
    },
  );
