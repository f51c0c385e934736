// The console's service worker (scope /console/; docs/console/notifications.md): it shows the push
// notifications the product sends staff, and a click opens the console where the notification
// leads (the appointment's day in the diary, the Inbox's thread, Today), focusing a console window
// already open. It keeps nothing and answers no request: the console works as it does without it.
/* global clients */

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** A path of the console on this origin, or the console's home: a notification leads nowhere else. */
const consolePath = (url) => {
  try {
    const u = new URL(typeof url === 'string' ? url : '/console/', self.location.origin);
    return u.origin === self.location.origin && u.pathname.startsWith('/console/') ? u.href : new URL('/console/', self.location.origin).href;
  } catch {
    return new URL('/console/', self.location.origin).href;
  }
};

self.addEventListener('push', (event) => {
  let notice;
  try {
    notice = event.data ? event.data.json() : {};
  } catch {
    notice = {};
  }
  const title = typeof notice.title === 'string' && notice.title ? notice.title : 'Bookwell console';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof notice.body === 'string' ? notice.body : '',
      tag: typeof notice.tag === 'string' ? notice.tag : undefined,
      icon: '/console/icons/icon-192.png',
      data: { url: consolePath(notice.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = consolePath(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const open = await clients.matchAll({ type: 'window', includeUncontrolled: true });
      const win = open.find((c) => new URL(c.url).pathname.startsWith('/console'));
      if (win) {
        const focused = await win.focus();
        // a window this worker controls goes to the place; another one is focused as it is, and the place opens beside it
        if ('navigate' in focused) {
          const went = await focused.navigate(url).catch(() => null);
          if (went) return;
        }
      }
      await clients.openWindow(url);
    })(),
  );
});
