import { Hono } from 'hono';
import { html } from 'hono/html';
import { recentEmails, type StoredEmail } from './email/store';
import type { StandInsApp as AppEnv } from './env';

/**
 * The dev outbox: texts (and emails) the offline stand-ins "sent", so a developer or an
 * end-to-end test can read a code. Offline only: the edge never mounts it in production.
 */
export type Channel = 'sms' | 'email';

export const outboxStatement = (db: D1Database, channel: Channel, recipient: string, body: string, now: number) =>
  db.prepare('INSERT INTO dev_outbox (created_at, channel, recipient, body) VALUES (?, ?, ?, ?)').bind(now, channel, recipient, body);

/** '+447700900123' → '+•••••••••123': every digit but the last three hidden. */
export const maskPhone = (phone: string) => phone.replace(/\d(?=(?:\D*\d){3})/g, '•');

/** 'jamie@example.test' → 'j•••@example.test'. */
export const maskEmail = (email: string) => email.replace(/^(.)[^@]*/, '$1•••');

/** 'Jamie <jamie@example.test>' → 'j•••@example.test': the address alone, masked. */
const maskAddress = (address: string) => maskEmail(/<([^<>]+)>$/.exec(address)?.[1] ?? address);

/** Cognito's CodeDeliveryDetails.Destination for a phone number: '+*******0123'. */
export const deliveryDestination = (phone: string) => `+*******${phone.slice(-4)}`;

interface OutboxRow {
  id: number;
  created_at: number;
  channel: string;
  recipient: string;
  body: string;
}

const PAGE_SIZE = 100;

const when = (ms: number) =>
  html`<time datetime="${new Date(ms).toISOString()}">${new Date(ms).toISOString().replace('T', ' ').slice(0, 19)}</time>`;

/**
 * One email of the outbox: its HTML part only ever inside a sandboxed frame (srcdoc, escaped as
 * an attribute value; no scripts, and an opaque origin), never as markup of this page.
 */
const emailRow = (e: StoredEmail) =>
  html`<tr data-id="${e.id}">
    <td>${when(e.created_at)}</td>
    <td>${e.from}</td>
    <td class="recipient">${e.to.map(maskAddress).join(', ')}</td>
    <td>${e.subject}</td>
    <td class="message">
      <div class="text">${e.text ?? ''}</div>
      ${
        e.html === null
          ? ''
          : html`<details>
              <summary>HTML</summary>
              <iframe sandbox="" referrerpolicy="no-referrer" title="${`HTML of: ${e.subject}`}" srcdoc="${e.html}"></iframe>
            </details>`
      }
    </td>
  </tr>`;

export const devOutbox = new Hono<AppEnv>();

/** The newest emails as JSON (`?to=` one recipient's), for tests: addresses unmasked. */
devOutbox.get('/emails.json', async (c) => {
  const to = c.req.query('to')?.trim() || undefined;
  c.header('Cache-Control', 'no-store');
  return c.json({ data: await recentEmails(c.env.DB, PAGE_SIZE, to) });
});

/** The newest texts as JSON (`?to=` one number's, E.164), for tests: numbers unmasked. */
devOutbox.get('/texts.json', async (c) => {
  const to = c.req.query('to')?.trim() || null;
  const { results } = await c.env.DB.prepare(
    `SELECT id, created_at, recipient AS "to", body FROM dev_outbox
     WHERE channel = 'sms' AND (?1 IS NULL OR recipient = ?1) ORDER BY id DESC LIMIT ?2`,
  )
    .bind(to, PAGE_SIZE)
    .all();
  c.header('Cache-Control', 'no-store');
  return c.json({ data: results });
});

devOutbox.get('/', async (c) => {
  const emails = await recentEmails(c.env.DB, PAGE_SIZE);
  const { results } = await c.env.DB.prepare('SELECT id, created_at, channel, recipient, body FROM dev_outbox ORDER BY id DESC LIMIT ?')
    .bind(PAGE_SIZE)
    .all<OutboxRow>();
  const rows = results.map(
    (r) =>
      html`<tr data-id="${r.id}">
        <td>${when(r.created_at)}</td>
        <td>${r.channel === 'sms' ? 'SMS' : 'Email'}</td>
        <td class="recipient">${r.channel === 'sms' ? maskPhone(r.recipient) : maskEmail(r.recipient)}</td>
        <td class="message">${r.body}</td>
      </tr>`,
  );
  c.header('Cache-Control', 'no-store');
  c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
  c.header('X-Robots-Tag', 'noindex');
  return c.html(
    html`<!doctype html>
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="robots" content="noindex" />
          <title>Dev outbox</title>
          <style>
            body {
              font:
                15px/1.5 system-ui,
                sans-serif;
              margin: 1.5rem;
              color: #1a1a1a;
            }
            table {
              border-collapse: collapse;
              width: 100%;
            }
            th,
            td {
              text-align: left;
              padding: 0.4rem 0.6rem;
              border-bottom: 1px solid #ddd;
              vertical-align: top;
            }
            .message {
              font-family: ui-monospace, monospace;
            }
            .text {
              white-space: pre-wrap;
            }
            iframe {
              width: 100%;
              min-height: 16rem;
              border: 1px solid #ddd;
              background: #fff;
            }
          </style>
        </head>
        <body>
          <h1>Dev outbox</h1>
          <p>
            Texts and emails the offline stand-ins sent, newest first (the latest ${PAGE_SIZE}). This page does not exist in production.
          </p>
          ${
            results.length === 0
              ? html`<p>Nothing has been sent yet.</p>`
              : html`<table>
                  <thead>
                    <tr>
                      <th>Sent (UTC)</th>
                      <th>By</th>
                      <th>To</th>
                      <th>Message</th>
                    </tr>
                  </thead>
                  <tbody>
                    ${rows}
                  </tbody>
                </table>`
          }
          <h2>Emails</h2>
          ${
            emails.length === 0
              ? html`<p>No email has been sent yet.</p>`
              : html`<table>
                  <thead>
                    <tr>
                      <th>Sent (UTC)</th>
                      <th>From</th>
                      <th>To</th>
                      <th>Subject</th>
                      <th>Message</th>
                    </tr>
                  </thead>
                  <tbody>
                    ${emails.map(emailRow)}
                  </tbody>
                </table>`
          }
        </body>
      </html>`,
  );
});
