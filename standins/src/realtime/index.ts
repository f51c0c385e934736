import { Hono } from 'hono';
import type { StandInsApp } from '../env';
import { channelsObject } from './channels-object';
import { eventsApi } from './events-api';

export { PusherChannels } from './channels-object';

/**
 * The Pusher Channels stand-in (protocol 7): the WebSocket at /app/{key} that pusher-js opens,
 * held by the PusherChannels Durable Object, and the HTTP events API the `pusher` SDK calls.
 */
export const pusherStandIn = new Hono<StandInsApp>().get('/app/:key', (c) => channelsObject(c.env).fetch(c.req.raw)).route('/', eventsApi);
