import { inflateRawSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatDollars, maskCardNumber } from '../src/lib/format/fleet';
import { OWNER, expectShell, isPhone, holdRequests, openTransactionFilters, screenshot, openSignedIn, chooseOption, apiToken, needsCardNetwork, postNetworkPurchase } from './support';

/*
 * The company owner against the real binary and its demo data: dashboard figures,
 * fuel cards (deactivate → a network purchase is declined), transactions (filters,
 * infinite scroll, detail) and the xlsx export.
 */

interface Card {
  cardNumber: string;
  status: 'ACTIVE' | 'INACTIVE';
  driverName: string;
  driverId: string;
  unitNumber: string;
}
interface Row {
  transactionId: number;
  transactionDate: string;
  invoiceRef: string;
  locationName: string;
  driverCardName: string;
  cardNumber: string;
  fundedTotal: number;
  attemptedAmount: number;
  discAmount: number;
  status: string;
}

async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${path} → ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

async function signInOwner(page: Page) {
  await openSignedIn(page, OWNER);
  await expectShell(page);
}

const pad = (value: number) => String(value).padStart(2, '0');
const dayOfYear = (date: Date) => Math.round((Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) - Date.UTC(date.getFullYear(), 0, 0)) / 86_400_000);

/** The stored entries of a zip file (central directory), each inflated on demand. */
function zipEntries(zip: Buffer): Map<string, () => Buffer> {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(eocd).toBeGreaterThan(0);
  const count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  const entries = new Map<string, () => Buffer>();
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(offset)).toBe(0x02014b50);
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const localOffset = zip.readUInt32LE(offset + 42);
    const name = zip.subarray(offset + 46, offset + 46 + nameLength).toString('utf8');
    entries.set(name, () => {
      const dataStart = localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
      const data = zip.subarray(dataStart, dataStart + compressedSize);
      return method === 0 ? data : inflateRawSync(data);
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

test.describe.configure({ mode: 'serial' });

test('owner dashboard shows the figures of the API', async ({ page, request }) => {
  const token = await apiToken(request, OWNER.email, OWNER.password);
  const week = (await apiGet<{ total: number; saved: number }[]>(request, token, '/wex/company/total-spendings?lastDays=7'))[0]!;
  const savedShown =
    week.saved > 0
      ? week.saved
      : (await apiGet<{ saved: number }[]>(request, token, `/wex/company/total-spendings?lastDays=${dayOfYear(new Date())}`))[0]!.saved;
  const wallet = await apiGet<{ balance: number; canAddFunds: boolean; canPayByInvoice: boolean }>(request, token, '/wex/company/wallet');
  const cards = (await apiGet<{ value: Card[] }>(request, token, '/wex/company/get-cards')).value;
  const recent = (await apiGet<{ content: Row[] }>(request, token, '/wex/company/transactions?page=0&size=3&sort=transactionDate,desc')).content;

  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
  });
  await signInOwner(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('total-saved-amount')).toHaveText(formatDollars(savedShown));
  await expect(page.getByRole('button', { name: week.saved > 0 ? 'Week' : 'Year' })).toHaveAttribute('aria-pressed', 'true');

  const balance = page.getByTestId('wallet-balance');
  await expect(balance).toHaveText(formatDollars(wallet.balance));
  await expect(balance).toHaveAttribute('data-sign', wallet.balance < 0 ? 'negative' : 'positive');
  const walletButton = wallet.canPayByInvoice ? 'Pay Invoice' : 'Add Funds';
  if (wallet.canAddFunds || wallet.canPayByInvoice) await expect(page.getByRole('button', { name: walletButton })).toBeVisible();

  const cardRows = page.getByTestId('dashboard-card');
  await expect(cardRows).toHaveCount(Math.min(3, cards.length));
  for (const [index, card] of cards.slice(0, 3).entries()) {
    await expect(cardRows.nth(index)).toContainText(maskCardNumber(card.cardNumber));
    await expect(cardRows.nth(index)).toContainText(card.driverName);
  }

  const recentRows = page.getByTestId('recent-transaction');
  await expect(recentRows).toHaveCount(recent.length);
  for (const [index, row] of recent.entries()) {
    await expect(recentRows.nth(index)).toHaveAttribute('href', `/transactions/${row.transactionId}`);
    // A declined purchase shows what was attempted (nothing was charged).
    await expect(recentRows.nth(index)).toContainText(formatDollars(row.status === 'DECLINED' ? row.attemptedAmount : row.fundedTotal));
  }
  await screenshot(page, 'fleet-dashboard-owner');
  // The dashboard waits for the account: no driver endpoint is tried while the role is unknown.
  expect(refused).toEqual([]);

  // Other periods ask the API again and show its figure.
  const today = (await apiGet<{ saved: number }[]>(request, token, '/wex/company/total-spendings?lastDays=1'))[0]!;
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page.getByTestId('total-saved-amount')).toHaveText(formatDollars(today.saved));

  await page.getByRole('button', { name: walletButton }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'Manage Cards' }).click();
  await expect(page).toHaveURL(/\/fuel-cards$/);
});

test('a card deactivated in the UI declines the next network purchase, shown in the list', async ({ page, request }) => {
  await needsCardNetwork(request);

  const token = await apiToken(request, OWNER.email, OWNER.password);
  const account = await apiGet<{ cardNumber: string | null }>(request, token, '/account');
  const cards = (await apiGet<{ value: Card[] }>(request, token, '/wex/company/get-cards')).value;
  const card = cards.find((candidate) => candidate.status === 'ACTIVE' && candidate.cardNumber !== account.cardNumber && candidate.driverName !== 'Dylan Driver')!;
  expect(card).toBeDefined();

  await signInOwner(page);
  await page.goto('/fuel-cards');
  await page.getByRole('searchbox', { name: 'Search cards...' }).fill(card.driverName);
  const row = page.locator(`[data-testid="fuel-card-row"][data-card="${card.cardNumber}"]`);
  await expect(page.getByTestId('fuel-card-row')).toHaveCount(1);
  await expect(row.getByTestId('card-number')).toHaveText(maskCardNumber(card.cardNumber));
  await row.getByRole('button', { expanded: false }).click();
  await expect(row.getByRole('button', { name: 'Edit Card' })).toBeVisible();
  await screenshot(page, 'fleet-cards');

  // The update is held until the busy state has been seen: on a loaded machine the click
  // alone can outlast the request and its one-second lock.
  let release = await holdRequests(page, '**/api/wex/company/update-card');
  await row.getByRole('button', { name: 'Deactivate' }).click();
  // Asked first: every purchase on the card is declined from then on.
  const confirm = page.getByRole('dialog', { name: 'Deactivate this card?' });
  await expect(confirm).toBeVisible();
  await screenshot(page, 'fleet-card-deactivate-confirm');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(row.getByRole('button', { name: 'Deactivating...' })).toBeDisabled();
  release();
  await expect(page.getByText('Card status updated successfully')).toBeVisible();
  await expect(row).toHaveAttribute('data-status', 'INACTIVE');
  await expect(row.getByRole('button', { name: 'Activate' })).toBeEnabled();

  // The card network reports a purchase on the now inactive card.
  const purchase = await postNetworkPurchase(request, 'fleet-owner', { cardNumber: card.cardNumber, gallons: 120.5 });
  expect(purchase).toMatchObject({ status: 'DECLINED', declineCode: 'CARD_INACTIVE', declineReason: 'Card is inactive' });

  await page.goto('/transactions');
  await page.getByRole('searchbox', { name: 'Search transactions...' }).fill(purchase.invoiceRef);
  const declined = page.getByTestId('transaction-row');
  await expect(declined).toHaveCount(1);
  await expect(declined).toHaveAttribute('data-status', 'DECLINED');
  await expect(declined.getByTestId('declined-chip')).toHaveText('Declined');
  await expect(declined.getByTestId('decline-reason')).toHaveText('Card is inactive');
  await expect(page.getByRole('listitem').filter({ hasText: /^Today$/ })).toBeVisible();
  await screenshot(page, 'fleet-transactions-declined');
  // Its detail shows the quantity but claims no "best price": nothing was bought.
  await declined.click();
  const detail = page.getByTestId('transaction-detail');
  await expect(detail).toContainText(' gal');
  await expect(detail).not.toContainText('best price');
  await screenshot(page, 'fleet-transaction-declined-detail');

  // Put the card back as it was.
  await page.goto('/fuel-cards');
  await page.getByRole('searchbox', { name: 'Search cards...' }).fill(card.driverName);
  await expect(page.getByTestId('fuel-card-row')).toHaveCount(1);
  await row.getByRole('button', { expanded: false }).click();
  release = await holdRequests(page, '**/api/wex/company/update-card');
  await row.getByRole('button', { name: 'Activate' }).click();
  await expect(row.getByRole('button', { name: 'Activating...' })).toBeDisabled();
  release();
  await expect(row).toHaveAttribute('data-status', 'ACTIVE');
});

test('edit card details: required fields, then saved', async ({ page, request }) => {
  const token = await apiToken(request, OWNER.email, OWNER.password);
  const card = (await apiGet<{ value: Card[] }>(request, token, '/wex/company/get-cards')).value[2]!;

  await signInOwner(page);
  await page.goto('/fuel-cards');
  const row = page.locator(`[data-testid="fuel-card-row"][data-card="${card.cardNumber}"]`);
  await row.getByRole('button', { expanded: false }).click();
  await row.getByRole('button', { name: 'Edit Card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Card Details' });
  await dialog.getByLabel('Driver Name').fill('');
  await dialog.getByLabel('Unit Number').fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Driver name is required')).toBeVisible();
  await expect(dialog.getByText('Unit number is required')).toBeVisible();
  // The dialog's backdrop covers the viewport only: no full-page shot here.
  await screenshot(page, 'fleet-card-edit', { fullPage: false });

  await dialog.getByLabel('Driver Name').fill(card.driverName);
  await dialog.getByLabel('Unit Number').fill(`${card.unitNumber}-E`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Card details updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText(`Unit ${card.unitNumber}-E`);
  const saved = (await apiGet<{ value: Card[] }>(request, token, `/wex/company/get-cards?searchText=${card.cardNumber}`)).value[0]!;
  expect(saved.unitNumber).toBe(`${card.unitNumber}-E`);

  // Restore.
  await row.getByRole('button', { name: 'Edit Card' }).click();
  await dialog.getByLabel('Unit Number').fill(card.unitNumber);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
});

test('transactions: filter, scroll for more, open a detail', async ({ page, request }) => {
  const token = await apiToken(request, OWNER.email, OWNER.password);
  const firstPage = await apiGet<{ content: Row[]; page: { totalElements: number } }>(
    request,
    token,
    '/wex/company/transactions?page=0&size=20&sort=transactionDate,desc',
  );
  const driverName = firstPage.content[0]!.driverCardName;

  await signInOwner(page);
  await page.getByRole('link', { name: 'View All' }).click();
  await expect(page).toHaveURL(/\/transactions$/);
  const rows = page.getByTestId('transaction-row');
  await expect(rows).toHaveCount(20);
  await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeVisible();
  await screenshot(page, 'fleet-transactions');
  // At least five whole rows show without scrolling, above the phones' bottom bar too.
  const bottom = isPhone() ? 844 - 64 : 800;
  const whole = await rows.evaluateAll(
    (elements, limit) => elements.filter((element) => {
      const box = element.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= limit;
    }).length,
    bottom,
  );
  // Phones fold the filters away so that five rows show; the desktop keeps its filters open.
  expect(whole).toBeGreaterThanOrEqual(isPhone() ? 5 : 3);

  // Past 80% of the scroll the next page is appended.
  const scroller = page.getByTestId('transactions-scroller');
  await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expect(rows).toHaveCount(40);
  await scroller.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expect(rows).toHaveCount(60);

  // Search (debounced) starts again at page 0 with only matching rows.
  await page.getByRole('searchbox', { name: 'Search transactions...' }).fill(driverName);
  await expect(rows.first()).toContainText(driverName);
  await expect.poll(async () => (await rows.allTextContents()).every((text) => text.includes(driverName))).toBe(true);
  expect(await rows.count()).toBeLessThanOrEqual(20);

  // Card filter.
  await page.getByRole('searchbox', { name: 'Search transactions...' }).fill('');
  const otherCard = firstPage.content.find((row) => row.driverCardName !== driverName)!;
  await openTransactionFilters(page);
  await chooseOption(page, page.getByRole('combobox', { name: 'Card' }), new RegExp(maskCardNumber(otherCard.cardNumber).replace(/\*/g, '\\*')));
  await expect.poll(async () => {
    const texts = await rows.allTextContents();
    return texts.length > 0 && texts.every((text) => text.includes(otherCard.driverCardName));
  }).toBe(true);

  // A single day.
  // The filter's days are the viewer's (the browser's zone, as this process's).
  const at = new Date(otherCard.transactionDate);
  const day = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  await page.getByLabel('From Date').fill(day);
  await page.getByLabel('To Date').fill(day);
  const [year, month, date] = day.split('-');
  await expect(page.getByTestId('day-group')).toHaveCount(1);
  const heading = (await page.getByTestId('day-group').getByRole('listitem').first().textContent()) ?? '';
  expect(['Today', 'Yesterday', `${month}/${date}/${year}`]).toContain(heading);

  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeHidden();
  await expect(page.getByLabel('From Date')).toHaveValue('');
  await expect(rows).toHaveCount(20);

  // Detail.
  const first = firstPage.content[0]!;
  const detail = await apiGet<{ driverId: string; locationAddress: string; fuelQuantity: number }>(
    request,
    token,
    `/wex/company/transactions/${first.transactionId}`,
  );
  await rows.first().click();
  await expect(page).toHaveURL(new RegExp(`/transactions/${first.transactionId}$`));
  const card = page.getByTestId('transaction-detail');
  await expect(card).toContainText(first.driverCardName);
  await expect(card).toContainText(detail.driverId);
  await expect(card).toContainText(first.locationName);
  await expect(card).toContainText(detail.locationAddress);
  await expect(card).toContainText(maskCardNumber(first.cardNumber));
  // A declined purchase (an earlier test declines one) claims no "best price".
  await expect(card).toContainText(
    (first as { status?: string }).status === 'DECLINED' ? `${detail.fuelQuantity} gal` : `${detail.fuelQuantity} gal best price`,
  );
  await expect(card).toContainText(
    new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(first.transactionDate)),
  );
  await screenshot(page, 'fleet-transaction-detail');
  // Back to the list as it was: the cleared filters are in its URL, the rows still there.
  await page.getByRole('link', { name: 'Transactions' }).click();
  await expect(page).toHaveURL(/\/transactions\?from=&to=$/);
  await expect(rows).toHaveCount(20);
  await screenshot(page, 'fleet-transactions-back');
});

test('export downloads a real xlsx; a missing date asks for a range', async ({ page }, testInfo) => {
  await signInOwner(page);
  await page.goto('/transactions');
  await expect(page.getByTestId('transaction-row')).toHaveCount(20);

  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export transactions' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const file = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(file);

  const xlsx = readFileSync(file);
  expect(xlsx.subarray(0, 2).toString('latin1')).toBe('PK');
  const entries = zipEntries(xlsx);
  expect([...entries.keys()]).toContain('[Content_Types].xml');
  const sheetName = [...entries.keys()].find((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name));
  expect(sheetName).toBeDefined();
  const sheet = entries.get(sheetName!)!().toString('utf8');
  expect((sheet.match(/<row\b/g) ?? []).length).toBeGreaterThan(20);

  await openTransactionFilters(page);
  await page.getByLabel('From Date').fill('');
  await page.getByRole('button', { name: 'Export transactions' }).click();
  await expect(page.getByText('Please select a date range')).toBeVisible();
});
