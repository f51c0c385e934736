import { METHOD_NAMES, type SaleAnswer } from '../../shared/console/checkout';
import { formatMoney } from '../../shared/money';
import { escapeMarkup as esc } from '../escape-markup';
import type { EmailContent } from './templates';

/**
 * What a checkout sends the client (docs/console/checkout.md "Receipts"): the receipt of a sale
 * by email or by text, and the link to approve the saved card's payment when the bank asks.
 */

/** 'Willow & Co: your bank wants you to approve a payment of £45.00: https://…/api/sale-payment/…' */
export const saleApprovalText = (salonName: string, amount: string, link: string) =>
  `${salonName}: your bank wants you to approve a payment of ${amount}: ${link}`;

interface ReceiptOf {
  salonName: string;
  countryCode: string;
  sale: SaleAnswer;
}

function rowsOf({ sale, countryCode }: ReceiptOf): [string, string][] {
  const money = (minor: number) => formatMoney(minor, sale.currency, countryCode);
  return [
    ...sale.lines.map((l): [string, string] => [l.quantity > 1 ? `${l.name} × ${l.quantity}` : l.name, money(l.price * l.quantity)]),
    ...(sale.discount ? [[`Discount (${sale.discount.reason})`, `−${money(sale.discount.amount)}`] as [string, string]] : []),
    ...(sale.tip ? [['Tip', money(sale.tip.amount)] as [string, string]] : []),
    ['Total', money(sale.total)],
    ...(sale.paid_before > 0 ? [['Paid before', `−${money(sale.paid_before)}`] as [string, string]] : []),
    ...sale.payments.filter((p) => p.status === 'succeeded').map((p): [string, string] => [METHOD_NAMES[p.method], money(p.amount)]),
    ...(sale.refunded > 0 ? [['Refunded', money(sale.refunded)] as [string, string]] : []),
  ];
}

/** The receipt as a text: 'Willow & Co receipt: Cut £40.00; Total £40.00; Cash £40.00. Thank you!' */
export const receiptText = (r: ReceiptOf) =>
  `${r.salonName} receipt: ${rowsOf(r)
    .map(([k, v]) => `${k} ${v}`)
    .join('; ')}. Thank you!`;

export function receiptEmail(r: ReceiptOf): EmailContent {
  const rows = rowsOf(r);
  const subject = `Your receipt from ${r.salonName}`;
  return {
    subject,
    html: `<p>${esc(`Thank you for visiting ${r.salonName}.`)}</p><table>${rows
      .map(([k, v]) => `<tr><td>${esc(k)}</td><td style="text-align:right">${esc(v)}</td></tr>`)
      .join('')}</table>`,
    text: [`Thank you for visiting ${r.salonName}.`, '', ...rows.map(([k, v]) => `${k}: ${v}`)].join('\n'),
  };
}
