import { expect, test, type Page } from '@playwright/test';
import { DRIVER, OWNER, expectNoCutText, expectShell, screenshot, openSignedIn } from './support';

/*
 * Every screen, at the size of the project running it: no sideways scroll, no text cut or word
 * broken over two lines, no serious axe finding, and a screenshot. The flows themselves run at one size each (playwright.config.ts):
 * this tour is what checks each screen at both.
 */

type Screen = { name: string; path: string };

/** Opens `path` and waits until the screen has drawn its data: a heading and no spinner left. */
async function visit(page: Page, { name, path }: Screen): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading').first(), `${name}: a heading`).toBeVisible();
  await expect(page.getByRole('progressbar'), `${name}: still loading`).toHaveCount(0);
  await expectNoCutText(page, name);
  await screenshot(page, `screens-${name}`);
}

async function signInAs(page: Page, user: { email: string; password: string }): Promise<void> {
  await openSignedIn(page, user);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectShell(page);
}

/** Opens the first row of the list on screen that links to `prefix` (a detail screen), if the list has one. */
async function openFirst(page: Page, prefix: string, name: string): Promise<void> {
  const link = page.locator(`main a[href^="${prefix}"]`).first();
  if ((await link.count()) === 0) throw new Error(`${name}: the demo data has no row to open`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${prefix}\\d+`));
  await expect(page.getByRole('progressbar'), `${name}: still loading`).toHaveCount(0);
  await expectNoCutText(page, name);
  await screenshot(page, `screens-${name}`);
}

test('public screens', async ({ page }) => {
  for (const screen of [
    { name: 'signin', path: '/signin' },
    { name: 'signup', path: '/signup' },
    { name: 'forgot-password', path: '/forgotpassword' },
    { name: 'help', path: '/help' },
    { name: 'contact-us', path: '/contact-us' },
  ])
    await visit(page, screen);
});

test('every screen of an owner', async ({ page }) => {
  await signInAs(page, OWNER);
  const screens: Screen[] = [
    { name: 'owner-dashboard', path: '/dashboard' },
    { name: 'owner-fuel-cards', path: '/fuel-cards' },
    { name: 'owner-vehicles', path: '/vehicles' },
    { name: 'owner-alerts', path: '/alerts' },
    { name: 'owner-compliance', path: '/compliance' },
    { name: 'owner-ifta', path: '/ifta' },
    { name: 'owner-integrations', path: '/integrations' },
    { name: 'owner-account', path: '/account' },
    { name: 'owner-planner', path: '/navigation' },
  ];
  for (const screen of screens) await visit(page, screen);
  await visit(page, { name: 'owner-transactions', path: '/transactions' });
  await openFirst(page, '/transactions/', 'owner-transaction-detail');
  await visit(page, { name: 'owner-trips', path: '/trips' });
  await openFirst(page, '/trips/', 'owner-trip-detail');
});

test('every screen of a driver', async ({ page }) => {
  await signInAs(page, DRIVER);
  for (const screen of [
    { name: 'driver-dashboard', path: '/dashboard' },
    { name: 'driver-notifications', path: '/notifications' },
    { name: 'driver-account', path: '/account' },
    { name: 'driver-planner', path: '/navigation' },
  ])
    await visit(page, screen);
  await visit(page, { name: 'driver-transactions', path: '/transactions' });
  await openFirst(page, '/transactions/', 'driver-transaction-detail');
  await visit(page, { name: 'driver-trips', path: '/trips' });
});
