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
import type { AppEnv } from '../../env';
import { AppError } from '../../errors';
import { publishMenuChange } from '../../messaging/realtime';
import { idParam, jsonBody, validate, validateForm } from '../../validate';
import { staffRoute } from '../policy';
import { staffOf } from '../staff-access';
import {
  announce,
  changeOf,
  changeWords,
  needsIfMatch,
  ownColumnOf,
  refuseFields,
  refusing,
  stale,
  staleOrGone,
  versionOf,
  withVersion,
} from './resource';

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

/** After a change of the menu: the booking page's next load shows it, and the salon's open consoles ask again. */
const announceMenu = (c: Context<AppEnv>, scopes: string[], event: MenuEvent) =>
  announce(c, scopes, publishMenuChange(c.get('config'), staffOf(c).salonId, event), `menu change of ${event.change} ${event.id}`);

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
  refuseFields(errors);
}

/** A write the database refused for a reference gone meanwhile: a 400 naming the field. */
const refusingGone = <T>(write: () => Promise<T>) =>
  refusing(write, refusedField, () => 'Someone changed the menu meanwhile: choose again');

const categoryName = async (c: Context<AppEnv>, id: number) =>
  (await categoryOf(c.env.DB, staffOf(c).salonId, id))?.name ?? 'another category';

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
      announceMenu(c, scopes, { change: 'category', id });
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
      const from = versionOf(c);
      const { all, current } = await categoryOrNotFound(c, categoryId);
      if (current.version !== from) return stale(c, MSG_STALE_CATEGORY, current);
      const { w, scopes } = await changeOf(c);
      if (!(await patchCategory(c.env.DB, w, current, all, from, c.req.valid('json'))))
        return stale(c, MSG_STALE_CATEGORY, (await categoryOrNotFound(c, categoryId)).current);
      const saved = (await categoryOf(c.env.DB, w.salonId, categoryId))!;
      announceMenu(c, scopes, { change: 'category', id: categoryId });
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
      const from = versionOf(c);
      const { current } = await categoryOrNotFound(c, categoryId);
      if (current.version !== from) return stale(c, MSG_STALE_CATEGORY, current);
      const { w, scopes } = await changeOf(c);
      const outcome = await removeCategory(c.env.DB, w, current, from);
      if (outcome === 'not_empty')
        throw new AppError('CONFLICT', `${current.name} still has services: move or remove them first, then remove the category.`);
      if (outcome === 'stale')
        return staleOrGone(c, MSG_STALE_CATEGORY, await categoryOf(c.env.DB, w.salonId, categoryId), 'Category not found');
      announceMenu(c, scopes, { change: 'category', id: categoryId });
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
      const id = await refusingGone(() => createService(c.env.DB, w, body, words));
      const created = await serviceOrNotFound(c, id);
      announceMenu(c, scopes, { change: 'service', id });
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
      const from = versionOf(c);
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
      const place =
        order && !moved && order.indexOf(serviceId) + 1 !== current.position
          ? { before: current.position, after: order.indexOf(serviceId) + 1 }
          : null;
      // what the few words leave out (a description, durations, finishing services) is named
      const history = changeWords({ before, after, place, patch, current });
      const saved = await refusingGone(() =>
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
      announceMenu(c, scopes, { change: 'service', id: serviceId });
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
      const from = versionOf(c);
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
      announceMenu(c, scopes, { change: 'service', id: serviceId });
      return c.json({ id: serviceId, outcome });
    },
  );
