import { html } from 'hono/html';
import type { CheckoutSession, LineItem } from './checkout-session-object';
import { formatAmount, layout, type Html } from './three-d-secure-page';

/**
 * The hosted Checkout page of the stand-in (offline only): what is bought, an email field and a
 * card form (number, expiry, CVC) posted to the page itself. Self-contained HTML: no scripts,
 * no external resources; every value is escaped by hono's html template.
 */
export interface PayForm {
  email: string;
  /** why the last attempt failed (a decline, an invalid card, a failed authentication) */
  error: string | null;
}

export function checkoutPage(cs: CheckoutSession, items: LineItem[], form: PayForm): Html {
  const total = formatAmount(cs.amount_total, cs.currency);
  return layout(
    `Pay ${total}`,
    html`<h1>Pay ${total}</h1>
      <ul class="items">
        ${items.map(
          (i) =>
            html`<li>${i.description}${i.quantity > 1 ? html` × ${i.quantity}` : ''}: ${formatAmount(i.amount_total, i.currency)}</li>`,
        )}
      </ul>
      ${form.error ? html`<p class="error" id="pay-error" role="alert">${form.error}</p>` : ''}
      <form method="post" action="/checkout/${cs.id}">
        <label for="email">Email</label>
        <input id="email" name="email" type="email" autocomplete="email" required value="${form.email}" />
        <fieldset>
          <legend>Card information</legend>
          <label for="card-number">Card number</label>
          <input
            id="card-number"
            name="card_number"
            inputmode="numeric"
            autocomplete="cc-number"
            required
            ${form.error ? html`aria-describedby="pay-error" aria-invalid="true"` : ''}
          />
          <label for="card-expiry">Expiry date (MM / YY)</label>
          <input id="card-expiry" name="card_expiry" autocomplete="cc-exp" placeholder="MM / YY" required />
          <label for="card-cvc">Security code (CVC)</label>
          <input id="card-cvc" name="card_cvc" inputmode="numeric" autocomplete="cc-csc" required />
        </fieldset>
        <div class="actions">
          <button class="complete" type="submit">Pay ${total}</button>
        </div>
      </form>
      ${cs.cancel_url ? html`<p><a href="${cs.cancel_url}">Cancel and return to the shop</a></p>` : ''}
      <p class="note">
        This is the offline payments stand-in: no card is charged. Use a Stripe test card, e.g. 4242 4242 4242 4242 with any future expiry
        date and any CVC.
      </p>`,
  );
}
