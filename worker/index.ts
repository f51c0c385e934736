import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { configFrom, type AppEnv } from './env';
import { errorBody, onError } from './errors';
import { admin } from './edge/admin';
import { assertCanonical, callApi } from './edge/api-client';
import { pages } from './edge/pages';
import { cachedGet } from './edge/public-cache';

/** The edge: the one Worker in front of the app, the booking API and (offline) the stand-ins. */
const app = new Hono<AppEnv>();

app.use(requestId());
app.use(async (c, next) => {
  c.set('config', configFrom(c.env));
  await next();
});

app.all('/api/*', async (c) => {
  const path = c.req.path.slice('/api/'.length);
  assertCanonical(path);
  const search = new URL(c.req.url).search;
  if (c.req.method === 'GET') return cachedGet(c, path, search);
  return callApi(c, path, search);
});
app.route('/', admin);
app.get('/assets/*', (c) => c.env.ASSETS.fetch(c.req.raw));
app.route('/', pages);

app.notFound((c) => c.json(errorBody(c, 'NOT_FOUND', 'Not found'), 404));
app.onError(onError);

export default app;
