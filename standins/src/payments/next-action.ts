/** An intent's next_action when 3-D Secure is needed: a redirect to the stand-in's challenge page. */
export interface NextAction {
  type: 'redirect_to_url';
  redirect_to_url: { return_url: string | null; url: string };
}

/** The origin of an absolute http(s) URL, if it is one. */
export function originOf(url: string | null | undefined): string | undefined {
  if (!url || url.startsWith('/')) return undefined;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * '{origin}/3ds/{intent}?return_url=...&client_secret=...': the origin is the
 * stand-in's public one (configured, or the host the API call came to) or else the
 * return_url's (in-process calls have no public host); with neither the URL is a path. The
 * client secret in the URL is the capability to answer the challenge, as on Stripe's own
 * redirect pages.
 */
export function redirectAction(intent: { id: string; client_secret: string }, origin: string | undefined, returnUrl: string | null): NextAction {
  const base = origin ?? originOf(returnUrl) ?? '';
  const query = new URLSearchParams();
  if (returnUrl) query.set('return_url', returnUrl);
  query.set('client_secret', intent.client_secret);
  return {
    type: 'redirect_to_url',
    redirect_to_url: { return_url: returnUrl, url: `${base}/3ds/${intent.id}?${query.toString()}` },
  };
}
