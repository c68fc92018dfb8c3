import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { OWNER, expectAccessible, expectNoSidewaysScroll, expectShell, openSignedIn } from './support';

/*
 * End to end against the real binary and its demo data (whose history is in closed periods): the
 * owner opens last month's statement and downloads its PDF (the bookkeeper's run of it is in
 * coding.spec.ts, with the desktop flows).
 */
test("the owner opens last month's statement and downloads the PDF", async ({ page }) => {
  await openSignedIn(page, OWNER);
  await expectShell(page);

  await page.goto('/statements');
  const rows = page.getByTestId('statement-row');
  await expect(rows.first()).toContainText('Open');
  const lastMonth = rows.nth(1);
  await expect(lastMonth).toContainText('Closed');
  await expectNoSidewaysScroll(page, 'statements');
  await expectAccessible(page, 'statements');
  await lastMonth.click();

  await expect(page.getByText('Closed: this statement never changes.')).toBeVisible();
  await expect(page.getByText('Closing balance')).toBeVisible();
  await expect(page.getByTestId('statement-line').first()).toBeVisible();
  await expectNoSidewaysScroll(page, 'statement');
  await expectAccessible(page, 'statement');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('statement-download-pdf').click()]);
  expect(download.suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.pdf$/);
  const file = await download.path();
  const bytes = await readFile(file);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.subarray(-16).toString()).toContain('%%EOF');
});
