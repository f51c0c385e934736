import { useEffect } from 'react';
import { css } from '../../styled-system/css';
import { pageColumn, pageTitle } from './styles';
import { CookieSettingsLink } from './CookieSettingsLink';
import { PoweredBy } from './PoweredBy';

/** / on the platform's own host: there is no salon yet, so say how to reach one. */
export function Landing() {
  // An old link keeps the salon in the hash (/#/salon/1/...): its page, loaded whole.
  useEffect(() => {
    const old = /^#\/(salon\/\d+(?:\/[\w\-/]*)?)$/.exec(location.hash);
    if (old) location.replace(`/${old[1]}`);
  }, []);
  return (
    <main className={pageColumn}>
      <h1 className={pageTitle}>Book your salon appointment online</h1>
      <p className={css({ mb: '3' })}>
        Open the booking link your salon gave you (on its website, social pages or a text message) to choose your services, stylist and
        time.
      </p>
      <PoweredBy />
      <CookieSettingsLink />
    </main>
  );
}
