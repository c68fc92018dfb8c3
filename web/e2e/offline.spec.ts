import { expect, test, type Page } from '@playwright/test';
import { OWNER, screenshot, signIn } from './support';

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

test('a signed-in page opened offline shows the offline notice and a retry', async ({ page, context }) => {
  await page.goto('/');
  await signIn(page, OWNER.email, OWNER.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toContainText('You are offline.');
  // The account cannot load: a clear error with a retry, not a spinner that never ends.
  await expect(page.getByTestId('load-error')).toBeVisible();
  await screenshot(page, 'offline-dashboard');

  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
});
