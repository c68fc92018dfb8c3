// Push notifications in the app's service worker (imported by the generated sw.js,
// vite.config.ts). The server sends {title, body, url, tag, actions: [{action, title, url}]}
// (docs/notifications.md). The worker holds no token: an action's url opens the app, which
// performs the step as the signed-in user.
const appPath = (url) => (typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.includes('\\') ? url : null);

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const url = appPath(data.url) || '/';
  // A browser shows at most two buttons; an action without a title or an app path is left out.
  const actions = (Array.isArray(data.actions) ? data.actions : [])
    .filter((a) => a && typeof a.action === 'string' && typeof a.title === 'string' && appPath(a.url))
    .slice(0, 2);
  const actionUrls = Object.fromEntries(actions.map((a) => [a.action, a.url]));
  event.waitUntil(
    self.registration.showNotification(data.title || 'Fuel Portal', {
      body: data.body || '',
      tag: data.tag || undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      actions: actions.map((a) => ({ action: a.action, title: a.title })),
      data: { url, actions: actionUrls },
    }),
  );
});

// Tapping a notification (or one of its actions: that action's page) focuses an open app
// window on the page, else opens one.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  const target = (event.action && data.actions && appPath(data.actions[event.action])) || data.url || '/';
  const url = new URL(target, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        return open.focus().then((w) => (w && 'navigate' in w ? w.navigate(url) : undefined));
      }
      return self.clients.openWindow(url);
    }),
  );
});
