import { Hono } from 'hono';
import * as z from 'zod';
import { clientChannel } from '../../shared/invites';
import type { AppEnv } from '../env';
import { AppError } from '../errors';
import { authorizeChannel } from '../pusher';
import { validate } from '../validate';
import { verifiedClient } from './client-auth';

const form = z.object({
  socket_id: z.string().regex(/^\d{1,20}\.\d{1,20}$/, 'socket_id must be a Pusher socket id such as 123.456'),
  channel_name: z.string().min(1, 'channel_name is required').max(164, 'channel_name must be at most 164 characters'),
});

/**
 * Pusher's channel authorisation for pusher-js (channelAuthorization.endpoint): the form fields
 * socket_id and channel_name, with the client's bearer access token. A client is signed into its
 * own private channel only; any other channel (another client's, public, presence) is refused.
 */
export const realtimeAuth = new Hono<AppEnv>().post(
  '/pusher/auth',
  async (c, next) => {
    c.header('Cache-Control', 'no-store');
    c.set('clientSub', await verifiedClient(c));
    await next();
  },
  validate('form', form),
  async (c) => {
    const { socket_id, channel_name } = c.req.valid('form');
    const own = clientChannel(c.get('clientSub')!);
    if (channel_name !== own)
      throw new AppError('FORBIDDEN', `You may only subscribe to your own channel (${own}), not ${channel_name}.`, 'channel_name');
    return c.json(await authorizeChannel(c.get('config'), socket_id, own));
  },
);
