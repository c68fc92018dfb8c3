import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { OWNER, expectNoSidewaysScroll, expectShell, signIn } from './support';

/*
 * End to end against the real binary and its demo data (no bookkeeper demo login: the owner,
 * whose role codes too): the owner codes several purchases at once and downloads the
 * QuickBooks Online bank file.
 */
test('the owner codes purchases in bulk and downloads the QuickBooks file', async ({ page }) => {
  await page.goto('/');
  await signIn(page, OWNER.email, OWNER.password);
  await expectShell(page);

  await page.goto('/coding');
  await expect(page.getByRole('heading', { name: 'Coding and accounting', level: 1 })).toBeVisible();

  const purchases = page.getByRole('list', { name: 'Code purchases' });
  const boxes = purchases.getByRole('checkbox');
  await expect(boxes.nth(2)).toBeVisible();
  // Keyboard: the first purchase's box is ticked with the space bar.
  await boxes.nth(1).focus();
  await page.keyboard.press('Space');
  await boxes.nth(2).check();
  const apply = page.getByRole('form', { name: 'Apply coding' });
  await apply.getByLabel('Account').fill('Fuel:Linehaul');
  await apply.getByLabel('Job').fill('J-2026');
  await apply.getByRole('button', { name: 'Apply to 2 purchases' }).click();
  await expect(page.getByText('2 purchases coded')).toBeVisible();
  await expect(purchases.getByText(/Fuel:Linehaul/)).toHaveCount(2);
  await expectNoSidewaysScroll(page, 'coding page');

  const exportForm = page.getByRole('form', { name: 'Export to accounting' });
  // Last month, the form's default range.
  const downloading = page.waitForEvent('download');
  await exportForm.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^fuel-qbo-csv-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.split('\r\n')[0]).toBe('Date,Description,Amount');
});
