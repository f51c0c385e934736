import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { Challenge } from './authenticate';

/** The stand-in's 3-D Secure pages: self-contained HTML (no scripts, no external resources), every value escaped. */
export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'self'; base-uri 'none'";

export type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/** The stand-in's page frame (the 3-D Secure and Checkout pages). */
export function layout(title: string, body: Html): Html {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title}</title>
        <style>
          body {
            font:
              16px/1.5 system-ui,
              sans-serif;
            margin: 0;
            padding: 2rem 1rem;
            color: #1a1a1a;
            background: #f6f8fa;
          }
          main {
            max-width: 28rem;
            margin: 0 auto;
            background: #fff;
            border: 1px solid #d8dee4;
            border-radius: 8px;
            padding: 1.5rem;
          }
          h1 {
            font-size: 1.25rem;
            margin-top: 0;
          }
          .note {
            color: #57606a;
            font-size: 0.875rem;
          }
          .actions {
            display: flex;
            gap: 0.75rem;
            flex-wrap: wrap;
            margin-top: 1.5rem;
          }
          button {
            font: inherit;
            padding: 0.6rem 1rem;
            border-radius: 6px;
            border: 1px solid #1f2328;
            cursor: pointer;
          }
          .complete {
            background: #1f883d;
            border-color: #1f883d;
            color: #fff;
          }
          .fail {
            background: #fff;
            color: #cf222e;
            border-color: #cf222e;
          }
          label {
            display: block;
            margin-top: 0.75rem;
            font-weight: 600;
          }
          input {
            font: inherit;
            box-sizing: border-box;
            width: 100%;
            padding: 0.5rem;
            border: 1px solid #8c959f;
            border-radius: 6px;
          }
          fieldset {
            border: 0;
            padding: 0;
            margin: 1rem 0 0;
          }
          legend {
            font-weight: 600;
          }
          .error {
            color: #a40e26;
            background: #ffebe9;
            border: 1px solid #cf222e;
            border-radius: 6px;
            padding: 0.5rem 0.75rem;
          }
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`;
}

/** '£12.50' from 1250 'gbp' (the currency's own minor unit). */
export function formatAmount(amount: number, currency: string): string {
  try {
    const format = new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency.toUpperCase() });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amount / 10 ** digits);
  } catch {
    return `${amount} ${currency}`;
  }
}

export function challengePage(c: Challenge, action: string, returnUrl: string | null): Html {
  const what =
    c.kind === 'payment_intent' && c.amount !== null && c.currency
      ? html`<p>Authorise a payment of <strong>${formatAmount(c.amount, c.currency)}</strong>.</p>`
      : html`<p>Authorise saving this card for future payments.</p>`;
  return layout(
    '3D Secure test page',
    html`<h1>3D Secure test page</h1>
      ${what}
      <p class="note">This is the offline payments stand-in: no bank is involved. Choose how the authentication ends.</p>
      <form method="post" action="${action}">
        <input type="hidden" name="client_secret" value="${c.clientSecret}" />
        ${returnUrl ? html`<input type="hidden" name="return_url" value="${returnUrl}" />` : ''}
        <div class="actions">
          <button class="complete" type="submit" name="result" value="complete">Complete authentication</button>
          <button class="fail" type="submit" name="result" value="fail">Fail authentication</button>
        </div>
      </form>`,
  );
}

/** A final or refusing page: a title and one sentence. */
export const messagePage = (title: string, message: string) =>
  layout(
    title,
    html`<h1>${title}</h1>
      <p>${message}</p>`,
  );
