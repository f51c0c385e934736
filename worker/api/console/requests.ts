import { Hono } from 'hono';
import * as z from 'zod';
import { newInviteSchema, rebookingLinkSchema } from '../../../shared/console/requests';
import { CAN } from '../../../shared/console/roles';
import type { AppEnv } from '../../env';
import { idParam, jsonBody, validate, validateForm } from '../../validate';
import { askForDeposit, listRequests, remindRequest, sendRebookingLink, withdrawRequest } from '../invite-calls';
import { staffRoute } from '../policy';
import { staffOf } from '../staff-access';

const requestParam = z.object({ salonId: idParam('Salon id'), inviteId: idParam('Request id') });

/**
 * /api/console/salons/{id}/requests and /rebooking-links (owners, managers): the salon's deposit
 * requests (deposit, card only or full price; on an existing appointment or a new one), remind,
 * withdraw, and rebooking links. The same calls as the admin API's (invite-calls.ts), for staff.
 */
export const consoleRequests = new Hono<AppEnv>()
  .get('/console/salons/:salonId/requests', staffRoute(CAN.requests), (c) => listRequests(c, staffOf(c).salonId))
  .post('/console/salons/:salonId/requests', staffRoute(CAN.requests), jsonBody, validateForm(newInviteSchema, 'Check the request'), (c) =>
    askForDeposit(c, staffOf(c).salonId, c.req.valid('json')),
  )
  .post('/console/salons/:salonId/requests/:inviteId/remind', staffRoute(CAN.requests), validate('param', requestParam), (c) =>
    remindRequest(c, staffOf(c).salonId, c.req.valid('param').inviteId),
  )
  .delete('/console/salons/:salonId/requests/:inviteId', staffRoute(CAN.requests), validate('param', requestParam), (c) =>
    withdrawRequest(c, staffOf(c).salonId, c.req.valid('param').inviteId),
  )
  .post(
    '/console/salons/:salonId/rebooking-links',
    staffRoute(CAN.requests),
    jsonBody,
    validateForm(rebookingLinkSchema, 'Check the client'),
    (c) => sendRebookingLink(c, staffOf(c).salonId, c.req.valid('json').client_id),
  );
