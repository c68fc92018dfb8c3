import { expect, test } from '@playwright/test';
import { OWNER, screenshot, signIn } from './support';

test('the drawer state survives a reload', async ({ page }) => {
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
