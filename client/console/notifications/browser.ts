import { base64urlBytes, PUSH_KINDS, type PushKind } from '../../../shared/console/push';
import { CONSOLE_WORKER, CONSOLE_WORKER_SCOPE } from '../lib/console-worker';

/**
 * What the Notifications section asks of the browser (docs/console/notifications.md): whether it
 * can take pushes, the permission, and the subscription of the console's own service worker
 * (public/console/sw.js, scope /console/), made with the product's VAPID public key.
 */
export interface PushBrowser {
  supported: () => boolean;
  permission: () => NotificationPermission;
  requestPermission: () => Promise<NotificationPermission>;
  /** the current subscription of the console's service worker, or null */
  subscription: () => Promise<PushSubscriptionJSON | null>;
  subscribe: (publicKey: string) => Promise<PushSubscriptionJSON>;
  unsubscribe: () => Promise<void>;
}

const registration = () =>
  navigator.serviceWorker.register(CONSOLE_WORKER, { scope: CONSOLE_WORKER_SCOPE }).then(() => navigator.serviceWorker.ready);

const realBrowser: PushBrowser = {
  supported: () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window,
  permission: () => Notification.permission,
  requestPermission: () => Notification.requestPermission(),
  subscription: async () => (await (await registration()).pushManager.getSubscription())?.toJSON() ?? null,
  subscribe: async (publicKey) => {
    const key = base64urlBytes(publicKey)!;
    const sub = await (await registration()).pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key.slice().buffer });
    return sub.toJSON();
  },
  unsubscribe: async () => {
    await (await (await registration()).pushManager.getSubscription())?.unsubscribe();
  },
};

let browser = realBrowser;
export const pushBrowser = () => browser;
/** Component tests only: a browser of their own making (null: the real one again). */
export function setPushBrowser(b: PushBrowser | null) {
  browser = b ?? realBrowser;
}

/** The kinds this browser chose, kept on the device (each device may choose its own); all of them at first. */
const KINDS_KEY = 'console-push-kinds';
export function storedKinds(): PushKind[] {
  try {
    const kept = JSON.parse(localStorage.getItem(KINDS_KEY) ?? 'null') as unknown;
    if (Array.isArray(kept)) return PUSH_KINDS.filter((k) => kept.includes(k));
  } catch {
    // nothing kept, or not ours: all of them
  }
  return [...PUSH_KINDS];
}
export const storeKinds = (kinds: PushKind[]) => localStorage.setItem(KINDS_KEY, JSON.stringify(kinds));
