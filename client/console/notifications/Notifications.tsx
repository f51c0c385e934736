import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { css } from '../../../styled-system/css';
import { PUSH_KIND_LABELS, PUSH_KINDS, type PushKind } from '../../../shared/console/push';
import { CallFailed, Loading } from '../../components/CallFailed';
import { outlineButton, primaryButton } from '../../components/styles';
import { screenTitle, sectionBox, sectionTitle } from '../ui/looks';
import { pushSettingsQuery, savePushSubscription, stopPushSubscription } from './api';
import { pushBrowser, storedKinds, storeKinds } from './browser';

/** Where the section stands on this device. */
type State =
  | { is: 'checking' }
  | { is: 'unsupported' }
  | { is: 'denied' }
  | { is: 'off' }
  | { is: 'on'; endpoint: string }
  | { is: 'failed'; message: string };

const fieldset = css({ border: 'none', p: '0', m: '0', mb: '4', '& legend': { fontWeight: '600', mb: '2' } });
const choice = css({ display: 'flex', alignItems: 'center', gap: '2', minH: '11', '& input': { w: '5', h: '5', accentColor: 'primary' } });
const hint = css({ color: 'textMuted', fontSize: 'sm', maxW: '65ch', mb: '3' });

/**
 * Notifications (every member, on this device; docs/console/notifications.md): turn on asks the
 * browser's permission, subscribes the console's service worker with the product's VAPID key and
 * keeps the subscription with the kinds chosen; a change of kinds is kept at once; turn off stops
 * it. What the browser cannot do, or has been told not to, is said plainly.
 */
export function Notifications() {
  const queries = useQueryClient();
  const browser = pushBrowser();
  const [state, setState] = useState<State>({ is: 'checking' });
  const [kinds, setKinds] = useState<PushKind[]>(storedKinds);
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let live = true;
    void (async () => {
      if (!browser.supported()) return live && setState({ is: 'unsupported' });
      if (browser.permission() === 'denied') return live && setState({ is: 'denied' });
      try {
        const sub = browser.permission() === 'granted' ? await browser.subscription() : null;
        // kept again as it is on this device: the server follows the browser (a new salon, a key renewed)
        if (sub?.endpoint) await savePushSubscription(sub, storedKinds());
        if (live) setState(sub?.endpoint ? { is: 'on', endpoint: sub.endpoint } : { is: 'off' });
      } catch (e) {
        if (live) setState({ is: 'failed', message: e instanceof Error ? e.message : 'Notifications could not be checked.' });
      }
    })();
    return () => {
      live = false;
    };
  }, [browser, round]);

  const run = async (work: () => Promise<State>) => {
    setBusy(true);
    try {
      setState(await work());
    } catch (e) {
      setState({ is: 'failed', message: e instanceof Error ? e.message : 'Something went wrong. Please try again.' });
    } finally {
      setBusy(false);
    }
  };

  const turnOn = () =>
    run(async () => {
      const permission = await browser.requestPermission();
      if (permission !== 'granted') return { is: permission === 'denied' ? 'denied' : 'off' };
      const { public_key } = await queries.fetchQuery(pushSettingsQuery());
      const sub = await browser.subscribe(public_key);
      await savePushSubscription(sub, kinds);
      storeKinds(kinds);
      return { is: 'on', endpoint: sub.endpoint! };
    });

  const turnOff = (endpoint: string) =>
    run(async () => {
      await browser.unsubscribe();
      await stopPushSubscription(endpoint).catch(() => undefined);
      return { is: 'off' };
    });

  const choose = (kind: PushKind, on: boolean) => {
    const next = PUSH_KINDS.filter((k) => (k === kind ? on : kinds.includes(k)));
    setKinds(next);
    storeKinds(next);
    if (state.is === 'on')
      void run(async () => {
        const sub = await browser.subscription();
        if (!sub?.endpoint) return { is: 'off' };
        await savePushSubscription(sub, next);
        return { is: 'on', endpoint: sub.endpoint };
      });
  };

  return (
    <>
      <h1 className={screenTitle}>Notifications</h1>
      <section aria-labelledby="push-title" className={sectionBox}>
        <h2 id="push-title" className={sectionTitle}>
          On this device
        </h2>
        <p className={hint}>
          Hear of what happens while the console is closed. Stylists hear only of their own appointments. A notification shows a client’s
          first name, the service and the time, never their full name or number.
        </p>
        {state.is === 'checking' ? (
          <Loading what="notifications" />
        ) : state.is === 'unsupported' ? (
          <p role="status">
            This browser cannot show notifications from the console. On an iPhone or iPad, add the console to your Home Screen (Share, then
            Add to Home Screen) and open it from there.
          </p>
        ) : state.is === 'denied' ? (
          <p role="status">
            Notifications are blocked for this site. Allow them in your browser’s settings for this site, then come back to turn them on.
          </p>
        ) : (
          <>
            {state.is === 'failed' && <CallFailed message={state.message} onRetry={() => setRound((r) => r + 1)} />}
            <fieldset className={fieldset} disabled={busy}>
              <legend>Tell me about</legend>
              {PUSH_KINDS.map((k) => (
                <label key={k} className={choice}>
                  <input type="checkbox" checked={kinds.includes(k)} onChange={(e) => choose(k, e.target.checked)} />
                  {PUSH_KIND_LABELS[k]}
                </label>
              ))}
            </fieldset>
            {state.is === 'on' ? (
              <>
                <p role="status" className={css({ mb: '3' })}>
                  Notifications are on for this device.
                </p>
                <button type="button" className={outlineButton} disabled={busy} onClick={() => void turnOff(state.endpoint)}>
                  Turn off notifications
                </button>
              </>
            ) : (
              <>
                <p role="status" className={css({ mb: '3' })}>
                  Notifications are off for this device.
                </p>
                <button type="button" className={primaryButton} disabled={busy || kinds.length === 0} onClick={() => void turnOn()}>
                  Turn on notifications
                </button>
              </>
            )}
          </>
        )}
      </section>
    </>
  );
}
