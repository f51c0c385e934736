import { Hono } from 'hono';
import * as z from 'zod';
import { newInviteSchema } from '../../shared/console/requests';
import type { AppEnv } from '../env';
import { idParam, validate } from '../validate';
import { askForDeposit, listRequests, remindRequest, withdrawRequest } from './invite-calls';
import { adminRoute } from './policy';

const salonParam = z.object({ salonId: idParam('Salon id') });
const inviteParam = salonParam.extend({ inviteId: idParam('Invite id') });

/** The salon's deposit requests (admin key as for /admin/salons/{id}): create, list, remind, withdraw (invite-calls.ts). */
export const adminInvites = new Hono<AppEnv>()
  .post('/admin/salons/:salonId/invites', adminRoute, validate('param', salonParam), validate('json', newInviteSchema), (c) =>
    askForDeposit(c, c.req.valid('param').salonId, c.req.valid('json')),
  )
  .get('/admin/salons/:salonId/invites', adminRoute, validate('param', salonParam), (c) => listRequests(c, c.req.valid('param').salonId))
  .post('/admin/salons/:salonId/invites/:inviteId/remind', adminRoute, validate('param', inviteParam), (c) =>
    remindRequest(c, c.req.valid('param').salonId, c.req.valid('param').inviteId),
  )
  .delete('/admin/salons/:salonId/invites/:inviteId', adminRoute, validate('param', inviteParam), (c) =>
    withdrawRequest(c, c.req.valid('param').salonId, c.req.valid('param').inviteId),
  );
