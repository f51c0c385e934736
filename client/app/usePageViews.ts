import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { trackPageView } from '../lib/analytics';
import { useConsent } from '../lib/consent';

/** A PageView per screen for the salon's pixel (with full consent only); also on the screen shown when 'Accept all cookies' is chosen. */
export function usePageViews(pixelId: string | null) {
  const { pathname } = useLocation();
  const { choice } = useConsent();
  useEffect(() => {
    if (choice === 'all') trackPageView(pixelId);
  }, [pathname, choice, pixelId]);
}
