import { expect, test } from '@playwright/test';
import { OWNER, isPhone, screenshot, signIn } from './support';

test('the drawer state survives a reload', async ({ page }) => {
  test.skip(isPhone(), 'phones have the bottom bar instead of the drawer (next test)');
  await page.goto('/');
  await signIn(page, OWNER.email, OWNER.password);
  const drawer = page.getByTestId('navigation-drawer');
  await expect(drawer).toHaveAttribute('data-state', 'open');
  const paper = drawer.locator('.MuiDrawer-paper');
  await expect.poll(async () => (await paper.boundingBox())?.width).toBe(300);

  await page.getByRole('button', { name: 'Collapse menu' }).click();
  await expect(drawer).toHaveAttribute('data-state', 'closed');
  await expect.poll(async () => (await paper.boundingBox())?.width).toBe(80);
  await screenshot(page, 'drawer-collapsed');

  await page.reload();
  await expect(page.getByTestId('navigation-drawer')).toHaveAttribute('data-state', 'closed');
  expect(await page.evaluate(() => localStorage.getItem('navigationDrawerOpen'))).toBe('false');

  await page.getByRole('button', { name: 'Expand menu' }).click();
  await expect(page.getByTestId('navigation-drawer')).toHaveAttribute('data-state', 'open');
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await screenshot(page, 'settings');
  await page.getByRole('link', { name: /Account/ }).click();
  await expect(page).toHaveURL(/\/account$/);
  await screenshot(page, 'account');
});

test('on a phone a bottom bar takes the drawer’s place and leaves the page its width', async ({ page }) => {
  test.skip(!isPhone(), 'from 900 px up the side drawer is tested above');
  await page.goto('/');
  await signIn(page, OWNER.email, OWNER.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const bar = page.getByTestId('navigation-bar');
  await expect(bar).toBeVisible();
  await expect(page.getByTestId('navigation-drawer')).toHaveCount(0);
  // The bar sits at the bottom, as wide as the screen; the page keeps the full width.
  const box = (await bar.boundingBox())!;
  expect(box.width).toBe(390);
  expect(box.y + box.height).toBeCloseTo(844, 0);
  const main = (await page.getByRole('main').boundingBox())!;
  expect(main.width).toBe(390);
  // After sign-in the focus is on the page, not left on the body.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  await bar.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(bar.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  await screenshot(page, 'settings');
  await page.getByRole('link', { name: /Account/ }).click();
  await expect(page).toHaveURL(/\/account$/);
  await screenshot(page, 'account');
  await bar.getByRole('link', { name: 'Fuel Locations' }).click();
  await expect(page).toHaveURL(/\/navigation$/);
  await bar.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
