// The calls one salon's clients and staff make, for scripts/measure-d1.mjs and
// scripts/bench-load.mjs: each answers { status, ms, meter, body } with the app's X-D1-Meter (the
// D1_METER setting: the request's D1 queries, rows read and written and D1 time).

/** X-D1-Meter 'q=3;r=12;w=0;d1=0.00;wait=1.20' as numbers (null when the app does not meter). */
export function meterOf(res) {
  const m = /^q=(\d+);r=(\d+);w=(\d+);d1=([\d.]+);wait=([\d.]+)$/.exec(res.headers.get('X-D1-Meter') ?? '');
  return m ? { queries: +m[1], rowsRead: +m[2], rowsWritten: +m[3], d1Ms: +m[4], waitMs: +m[5] } : null;
}

/** A Date's day as YYYY-MM-DD (UTC), `days` after today. */
export const dayAfter = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The calls against the app at `base`; `headers` (or what the function answers, each time) go with every call: a caller's address, say. */
export function salonCalls(base, headers = {}) {
  async function send(path, init = {}) {
    const t = performance.now();
    const own = typeof headers === 'function' ? headers() : headers;
    const res = await fetch(`${base}${path}`, { redirect: 'manual', ...init, headers: { ...own, ...init.headers } });
    const text = await res.text();
    const ms = performance.now() - t;
    let body = text;
    if ((res.headers.get('Content-Type') ?? '').includes('json')) body = JSON.parse(text || 'null');
    return { status: res.status, ms, meter: meterOf(res), body, headers: res.headers };
  }
  const json = (method, body, extra = {}) => ({
    method,
    headers: { 'Content-Type': 'application/json', ...extra },
    body: JSON.stringify(body),
  });
  const procedure = (q, start) => ({ service_id: q.service, stylist_id: q.stylist, start_time: start });
  return {
    send,
    page: (salon) => send(`/salon/${salon}`),
    day: (q, date) => send(`/api/book-online/new/availability/appointment/${q.salon}/${date}/${q.service}/${q.stylist}/null/`),
    week: (q, weekStart) => send(`/api/book-online/availability/weekly/${q.salon}/${q.service}/${q.stylist}/${weekStart}/null/`),
    hold: (q, start, cookie = '') =>
      send(
        `/api/book-online/hold/${q.salon}/`,
        json('POST', { start_time: start, procedures: [procedure(q, start)] }, cookie ? { Cookie: cookie } : {}),
      ),
    book: (q, start, client, cookie = '') =>
      send(
        `/api/book-online/appointment/create/${q.salon}/`,
        json(
          'POST',
          {
            start_time: start,
            procedures: [{ ...procedure(q, start), role: '', duration: q.duration, price: q.price, processing: 0 }],
            total_price: q.price,
            cognito_username: client.username,
            notes: '',
            deposit: 0,
            user: { name: 'Bench Client', phone_number: client.phone, salon_id: q.salon },
            payment_needed: false,
          },
          { ...client.auth, 'Idempotency-Key': crypto.randomUUID(), ...(cookie ? { Cookie: cookie } : {}) },
        ),
      ),
    lists: (salon, client, tab = 'future') =>
      send(`/api/ncob/client/appointments/${salon}/${tab}/${client.username}/`, { headers: client.auth }),
    diary: (salon, date, staffAuth) => send(`/api/console/salons/${salon}/diary/${date}`, { headers: staffAuth }),
    /** The demo client (Jamie Rivers) signed in: { username, auth, phone }. */
    async demoClient() {
      const r = await send('/session/login', json('POST', { phone: '+447700900123', password: 'Demo-pass1' }));
      if (r.status !== 200) throw new Error(`demo client login: ${r.status}`);
      return { username: r.body.user.username, auth: { Authorization: `Bearer ${r.body.access_token}` }, phone: '+447700900123' };
    },
    /** A console staff member signed in: their Authorization header. */
    async staff(email, password) {
      const r = await send('/console/session/login', json('POST', { email, password }));
      if (r.status !== 200) throw new Error(`console login of ${email}: ${r.status}`);
      return { Authorization: `Bearer ${r.body.access_token}` };
    },
  };
}

/** The hold cookie an answer set ('__Host-hold_browser=…'), or ''. */
export const holdCookieOf = (headers) => /__Host-hold_browser=[^;]+/.exec(headers.get('Set-Cookie') ?? '')?.[0] ?? '';

/** The bookmark cookie an answer set ('__Host-d1_bookmark=…'), or ''. */
export const bookmarkCookieOf = (headers) => /__Host-d1_bookmark=[^;]+/.exec(headers.get('Set-Cookie') ?? '')?.[0] ?? '';
