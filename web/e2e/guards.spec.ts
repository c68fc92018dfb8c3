import { expect, test } from '@playwright/test';
import { DRIVER, OWNER, expectShell, screenshot, signIn } from './support';

test('a signed-out visitor is sent to "/" and returns to the page after sign-in', async ({ page }) => {
  await page.goto('/transactions');
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, OWNER.email, OWNER.password);
  await expect(page).toHaveURL(/\/transactions$/);
  await expectShell(page);
});

test('signed in: "/" and unknown paths go to /dashboard, /wex to /transactions', async ({ page }) => {
  await page.goto('/');
  await signIn(page, OWNER.email, OWNER.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/wex');
  await expect(page).toHaveURL(/\/transactions$/);
  await page.goto('/fuel-cards');
  await expect(page).toHaveURL(/\/fuel-cards$/);
});

test('a driver is sent from the company-only /fuel-cards to /dashboard', async ({ page }) => {
  await page.goto('/');
  await signIn(page, DRIVER.email, DRIVER.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/fuel-cards');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('open pages are reachable signed out', async ({ page }) => {
  for (const [path, heading, name] of [
    ['/help', 'Help', 'help'],
    ['/contact-us', 'Contact Us', 'contact-us'],
    ['/terms-and-conditions', 'Terms and Conditions', 'terms'],
    ['/privacy-policy', 'Privacy Policy', 'privacy'],
    ['/forgotpassword', 'Forgot password', 'forgot-password'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await screenshot(page, name);
  }
  await page.goto('/terms-and-conditions');
  await expect(page.getByRole('heading', { name: /^\d+\. / })).toHaveCount(19);
  await expect(page.getByRole('heading', { name: /^7\. / })).toHaveCount(0);
});
