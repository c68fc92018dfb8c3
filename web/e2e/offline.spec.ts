import { expect, test, type Page } from '@playwright/test';
import { DRIVER, OWNER, expectNoSidewaysScroll, screenshot, signIn, signOutFromShell, authHeader, needsCardNetwork, postNetworkPurchase } from './support';

// The service worker is what this spec checks (blocked elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** Waits until the service worker (vite-plugin-pwa, src/lib/pwa) controls the page with its precache ready. */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

test('the app shell opens offline after a first visit and says the device is offline', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await waitForServiceWorker(page);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  // Served by the service worker: the sign-in page with the offline notice on top.
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toContainText('You are offline.');
  // Another page of the app opens too (navigation fallback to the cached shell).
  await page.goto('/forgotpassword');
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await screenshot(page, 'offline-signed-out');

  // An API call fails with a clear message instead of hanging.
  await page.goto('/');
  await signIn(page, OWNER.email, OWNER.password);
  await expect(page.getByRole('alert').filter({ hasNotText: 'You are offline.' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // Back online: the notice goes and sign-in works.
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  await signIn(page, OWNER.email, OWNER.password);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("an owner's dashboard opened offline shows its last data with the time it was fetched", async ({ page, context }) => {
  await page.goto('/');
  await signIn(page, OWNER.email, OWNER.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await waitForServiceWorker(page);
  // Once under the service worker, the answers are kept (public/offline-sw.js).
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByTestId('recent-transactions-tile').getByRole('link').first()).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toContainText(/You are offline\. Showing what was saved at \d{1,2}:\d\d [AP]M/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(page.getByTestId('recent-transactions-updated')).toHaveText(/^Updated \d{1,2}:\d\d [AP]M · offline$/);
  await screenshot(page, 'offline-dashboard');

  await context.setOffline(false);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
});

/** Puts the driver's card back after the test, even one that timed out. */
let restore: (() => Promise<void>) | null = null;
test.afterEach(async () => {
  await restore?.();
  restore = null;
});

/*
 * Offline at the pump (docs/decisions.md, Offline): a driver who was online once opens the app
 * with no signal and finds the trip's next stop and the card's rules with when they were
 * fetched; an override request made offline waits on the phone and is sent when the network is
 * back, and the owner sees it. Signing out leaves no saved answers for the next user.
 */
test('offline at the pump: the trip, the card and a queued override request', async ({ page, context, request }) => {
  await needsCardNetwork(request);
  const owner = await authHeader(request, OWNER);
  const driver = await authHeader(request, DRIVER);
  const { cardNumber } = (await (await request.get('/api/account', { headers: driver })).json()) as { cardNumber: string };
  const controls = `/api/wex/company/cards/${cardNumber}/controls`;
  const before: unknown = await (await request.get(controls, { headers: owner })).json();
  const pending = async () =>
    ((await (await request.get('/api/wex/company/override-requests?status=PENDING', { headers: owner })).json()) as { content: { id: number; cardNumber: string }[] }).content.filter(
      (r) => r.cardNumber === cardNumber,
    );
  const cancelTrips = async () => {
    const active = (await (await request.get(`/api/trips?status=ACTIVE&cardNumber=${cardNumber}`, { headers: owner })).json()) as { content: { id: number }[] };
    for (const trip of active.content) await request.post(`/api/trips/${trip.id}/cancel`, { headers: owner });
  };
  restore = async () => {
    for (const r of await pending()) await request.post(`/api/wex/company/override-requests/${r.id}/deny`, { headers: owner });
    await request.put(controls, { headers: owner, data: before });
    await cancelTrips();
  };
  for (const r of await pending()) await request.post(`/api/wex/company/override-requests/${r.id}/deny`, { headers: owner });
  await cancelTrips();

  // An active trip Dallas → Oklahoma City on the driver's card, and a purchase declined over a $100 daily limit.
  const routes = await request.post('/api/maps/route', {
    headers: owner,
    data: { origin: { latitude: 32.7767, longitude: -96.797 }, destination: { latitude: 35.4676, longitude: -97.5164 } },
  });
  expect(routes.ok()).toBe(true);
  const routePoints = ((await routes.json()) as { routes: { points: unknown[] }[] }).routes[0]!.points;
  const created = await request.post('/api/trips', {
    headers: owner,
    data: { cardNumber, routePoints, tankCapacity: 200, currentFuel: 20, searchRadius: 5, minGallonsPurchase: 5, lockCard: false, originName: 'Dallas, TX', destinationName: 'Oklahoma City, OK' },
  });
  expect(created.status(), await created.text()).toBe(201);
  expect((await request.put(controls, { headers: owner, data: { dailyLimit: 100 } })).status()).toBe(200);
  expect((await postNetworkPurchase(request, 'offline', { cardNumber, gallons: 120 })).status).toBe('DECLINED');

  // Online once: the dashboard, under the service worker.
  await page.goto('/');
  await signIn(page, DRIVER.email, DRIVER.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await waitForServiceWorker(page);
  await page.reload();
  const stopName = page.getByTestId('next-stop-card').getByTestId('next-stop-name');
  await expect(stopName).not.toBeEmpty();
  const stop = await stopName.textContent();
  const rules = page.getByTestId('my-card-rules');
  await expect(rules).toHaveText(/\$100 a day/);
  await expect(page.getByTestId('override-request-panel')).toBeVisible();
  await expect(page.getByTestId('next-stop-updated')).toHaveCount(0);

  // No signal at the pump: the app opens with the trip and the card, each saying when it was fetched.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toContainText('You are offline.');
  await expect(stopName).toHaveText(stop!);
  await expect(page.getByTestId('next-stop-gallons')).toHaveText(/^Buy [\d.,]+\s+gal$/);
  await expect(page.getByTestId('next-stop-updated')).toHaveText(/^Updated \d{1,2}:\d\d [AP]M · offline$/);
  await expect(rules).toHaveText(/\$100 a day/);
  await expect(page.getByTestId('my-card-updated')).toHaveText(/^Updated \d{1,2}:\d\d [AP]M · offline$/);

  // An override request made offline waits on the phone.
  const panel = page.getByTestId('override-request-panel');
  await panel.getByRole('button', { name: 'Request override' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send request' }).click();
  const item = page.getByTestId('outbox-item');
  await expect(item).toHaveAttribute('data-status', 'waiting');
  await expect(item).toContainText('waiting for the connection');
  await expect(panel.getByRole('button', { name: 'Request override' })).toHaveCount(0);
  // It survives a reload.
  await page.reload();
  await expect(item).toHaveAttribute('data-status', 'waiting');
  await expectNoSidewaysScroll(page, 'driver dashboard offline');
  await screenshot(page, 'offline-driver-dashboard'); // axe-core included
  expect(await pending()).toHaveLength(0);

  // The network is back: it is sent, once, and the owner sees it.
  await context.setOffline(false);
  await expect(item).toHaveAttribute('data-status', 'sent');
  await expect.poll(async () => (await pending()).length).toBe(1);
  await expect(panel.getByTestId('override-request-status')).toHaveText('Override requested: waiting for the owner');
  // The saved answers are asked for again: the page leaves its saved copy, and no notice stays.
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);

  // Signing out leaves no saved answers on the device for whoever signs in next.
  const savedCaches = () => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('api-data-')));
  expect(await savedCaches()).not.toHaveLength(0);
  await signOutFromShell(page);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect.poll(savedCaches).toEqual([]);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('outbox'))).toBeNull();
});
