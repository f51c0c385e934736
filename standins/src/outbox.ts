import { Hono } from 'hono';
import { html } from 'hono/html';
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

export const devOutbox = new Hono<AppEnv>().get('/', async (c) => {
  const { results } = await c.env.DB.prepare('SELECT id, created_at, channel, recipient, body FROM dev_outbox ORDER BY id DESC LIMIT ?')
    .bind(PAGE_SIZE)
    .all<OutboxRow>();
  const rows = results.map(
    (r) =>
      html`<tr data-id="${r.id}">
        <td>
          <time datetime="${new Date(r.created_at).toISOString()}"
            >${new Date(r.created_at).toISOString().replace('T', ' ').slice(0, 19)}</time
          >
        </td>
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
        </body>
      </html>`,
  );
});
