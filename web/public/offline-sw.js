// Offline at the pump (docs/decisions.md, Offline): the signed-in user's GET /api/ answers,
// network first. Each 200 is kept in a cache of that user only (api-data-<user id>, the
// access token's sub claim); without the network, or when it has not answered in
// NETWORK_TIMEOUT_MS, the kept answer is served with a Fuelportal-Saved-At header (when it
// was fetched) so the app can say "Updated 10:42 · offline". A second user's answers go to
// another cache, and keeping one deletes every other user's: one user's data at a time.
// Sign-out deletes every cache (src/lib/auth/session-storage.ts). Imported by the generated
// sw.js (vite.config.ts).
const API_CACHE_PREFIX = 'api-data-';
const NETWORK_TIMEOUT_MS = 10000;
/** Answers older than this are not served and are deleted. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** At most this many answers per user (the oldest go first). */
const MAX_ENTRIES = 200;
const SAVED_AT = 'Fuelportal-Saved-At';

/** The sub claim (user id) of a bearer token, or null. Not verified: it only picks a cache. */
function userOf(request) {
  const header = request.headers.get('Authorization') || '';
  const token = header.startsWith('Bearer ') ? header.slice(7) : '';
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const sub = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))).sub;
    return typeof sub === 'string' && /^\d+$/.test(sub) ? sub : null;
  } catch {
    return null;
  }
}

async function keep(user, request, response) {
  const name = API_CACHE_PREFIX + user;
  const others = (await caches.keys()).filter((key) => key.startsWith(API_CACHE_PREFIX) && key !== name);
  await Promise.all(others.map((key) => caches.delete(key)));
  const headers = new Headers(response.headers);
  headers.set(SAVED_AT, String(Date.now()));
  const body = await response.blob();
  const cache = await caches.open(name);
  await cache.put(request.url, new Response(body, { status: response.status, statusText: response.statusText, headers }));
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES)).map((key) => cache.delete(key)));
}

async function saved(user, request) {
  const cache = await caches.open(API_CACHE_PREFIX + user);
  const response = await cache.match(request.url);
  if (!response) return undefined;
  const at = Number(response.headers.get(SAVED_AT));
  if (!(Date.now() - at <= MAX_AGE_MS)) {
    await cache.delete(request.url);
    return undefined;
  }
  return response;
}

async function networkFirst(event, user) {
  const request = event.request;
  const network = fetch(request).then((response) => {
    if (response.status === 200) event.waitUntil(keep(user, request, response.clone()).catch(() => undefined));
    return response;
  });
  let timer;
  const timeout = new Promise((resolve) => {
    timer = setTimeout(resolve, NETWORK_TIMEOUT_MS);
  });
  try {
    const first = await Promise.race([network, timeout]);
    if (first) return first;
  } catch {
    // No network: the saved answer below.
  } finally {
    clearTimeout(timer);
  }
  const kept = await saved(user, request);
  if (kept) return kept;
  return network;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith('/api/')) return;
  const user = userOf(request);
  if (!user) return;
  event.respondWith(networkFirst(event, user));
});
