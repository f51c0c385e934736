const encoder = new TextEncoder();

/**
 * Stripe's webhook signature header: `t={unix seconds},v1={hex HMAC-SHA256}` of `${t}.${payload}`,
 * keyed with the whole signing secret string (including 'whsec_'), as
 * stripe.webhooks.constructEventAsync verifies it (300 s tolerance).
 */
export async function signWebhook(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(`${timestamp}.${payload}`));
  const hex = [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `t=${timestamp},v1=${hex}`;
}

/** The request Stripe would send for an event: its exact body and headers, ready for fetch(). */
export async function webhookRequestInit(event: { payload: string }, secret: string, timestamp?: number): Promise<RequestInit> {
  return {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Stripe-Signature': await signWebhook(event.payload, secret, timestamp),
      'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    },
    body: event.payload,
  };
}
