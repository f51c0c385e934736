/** An intent's next_action when 3-D Secure is needed: a redirect to the stand-in's challenge page. */
export interface NextAction {
  type: 'redirect_to_url';
  redirect_to_url: { return_url: string | null; url: string };
}

/**
 * '{origin}/3ds/{intent}?return_url=...&client_secret=...': the origin is the stand-ins Worker's
 * public one (configured, or the host the API call came to); without one (a call that kept
 * api.stripe.com's host) the URL is a path on the stand-ins. Never the return_url's origin: that
 * is the merchant's site, which has no 3-D Secure page. The client secret in the URL is the
 * capability to answer the challenge, as on Stripe's own redirect pages.
 */
export function redirectAction(
  intent: { id: string; client_secret: string },
  origin: string | undefined,
  returnUrl: string | null,
): NextAction {
  const base = origin ?? '';
  const query = new URLSearchParams();
  if (returnUrl) query.set('return_url', returnUrl);
  query.set('client_secret', intent.client_secret);
  return {
    type: 'redirect_to_url',
    redirect_to_url: { return_url: returnUrl, url: `${base}/3ds/${intent.id}?${query.toString()}` },
  };
}
