import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { BOOKKEEPER, OWNER, expectNoSidewaysScroll, expectShell, openSignedIn } from './support';

/*
 * End to end against the real binary and its demo data: the owner codes several purchases at
 * once and downloads the QuickBooks Online bank file; the bookkeeper codes a page of purchases
 * without an account, opens last month's statement and downloads its PDF and QuickBooks CSV.
 */
test('the owner codes purchases in bulk and downloads the QuickBooks file', async ({ page }) => {
  await openSignedIn(page, OWNER);
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

/** The cells of a CSV text (quoted cells with commas, doubled quotes and CRLF rows). */
function parseCSV(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

test("the bookkeeper codes purchases, opens last month's statement and downloads its PDF and QuickBooks CSV", async ({ page }) => {
  await openSignedIn(page, BOOKKEEPER);
  await expectShell(page);

  await page.goto('/coding');
  await expect(page.getByRole('heading', { name: 'Coding and accounting', level: 1 })).toBeVisible();
  const uncoded = page.waitForResponse((response) => response.url().includes('uncoded=true') && response.ok());
  await page.getByLabel('Only purchases without an account').check();
  await uncoded;
  const purchases = page.getByRole('list', { name: 'Code purchases' });
  await expect(purchases.getByRole('checkbox').nth(1)).toBeVisible();
  await purchases.getByLabel('Select all on this page').check();
  const apply = page.getByRole('form', { name: 'Apply coding' });
  await apply.getByLabel('Account').fill('Fuel:Books');
  const button = apply.getByRole('button', { name: /^Apply to \d+ purchases$/ });
  const count = Number((await button.textContent())!.match(/\d+/)![0]);
  expect(count).toBeGreaterThan(1);
  await button.click();
  await expect(page.getByText(`${count} purchases coded`)).toBeVisible();

  await page.goto('/statements');
  const rows = page.getByTestId('statement-row');
  const lastMonth = rows.nth(1);
  await expect(lastMonth).toContainText('Closed');
  await lastMonth.click();
  await expect(page.getByText('Closing balance')).toBeVisible();
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('statement-download-pdf').click()]);
  const bytes = await readFile((await pdf.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.subarray(-16).toString()).toContain('%%EOF');

  // Last month's QuickBooks bank file: the export form's default range is last month.
  await page.goto('/coding');
  const exportForm = page.getByRole('form', { name: 'Export to accounting' });
  const [csv] = await Promise.all([page.waitForEvent('download'), exportForm.getByRole('button', { name: 'Download' }).click()]);
  const table = parseCSV(await readFile((await csv.path())!, 'utf8'));
  expect(table[0]).toEqual(['Date', 'Description', 'Amount']);
  expect(table.length).toBeGreaterThan(2);
  for (const [date, description, amount] of table.slice(1)) {
    expect(date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(description).not.toBe('');
    expect(amount).toMatch(/^-?\d+\.\d{2}$/);
  }
});
