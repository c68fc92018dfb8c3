import { expect, test } from '@playwright/test';
import { formatDollars } from '../src/lib/format/fleet';
import { DRIVER, OWNER, expectShell, screenshot, openSignedIn } from './support';

/* A driver sees only their own card's spending and transactions (http/openapi.json). */

test('a driver sees only the transactions of their own card', async ({ page, request }) => {
  const auth = async (username: string, password: string) =>
    ((await (await request.post('/api/authenticate', { data: { username, password } })).json()) as { token: string }).token;
  const driverToken = await auth(DRIVER.email, DRIVER.password);
  const headers = { Authorization: `Bearer ${driverToken}` };
  const account = (await (await request.get('/api/account', { headers })).json()) as { firstName: string; lastName: string; cardNumber: string };
  const driverName = `${account.firstName} ${account.lastName}`;
  const month = (await (await request.get(`/api/wex/total-spendings?lastDays=${new Date().getDate()}`, { headers })).json()) as {
    total: number;
    saved: number;
  }[];
  expect((await request.get('/api/wex/company/transactions', { headers })).status()).toBe(403);

  // A transaction of another card of the same company.
  const ownerToken = await auth(OWNER.email, OWNER.password);
  const companyRows = (await (
    await request.get('/api/wex/company/transactions?page=0&size=20&sort=transactionDate,desc', {
      headers: { Authorization: `Bearer ${ownerToken}` },
    })
  ).json()) as { content: { transactionId: number; cardNumber: string }[] };
  const foreign = companyRows.content.find((row) => row.cardNumber !== account.cardNumber)!;

  await openSignedIn(page, DRIVER);
  await expectShell(page);
  await expect(page.getByTestId('total-spendings-amount')).toHaveText(formatDollars(month[0]!.total));
  await expect(page.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('wallet-tile')).toHaveCount(0);
  await expect(page.getByTestId('recent-transaction').first()).toBeVisible();
  await screenshot(page, 'fleet-dashboard-driver');

  await page.getByTestId('recent-transaction').first().click();
  await expect(page.getByTestId('transaction-detail')).toContainText(driverName);

  await page.goto('/transactions');
  const rows = page.getByTestId('transaction-row');
  await expect(rows.first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Card' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await expect(rows).toHaveCount(20);
  await page.getByTestId('transactions-scroller').evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expect(rows).toHaveCount(40);
  const texts = await rows.allTextContents();
  expect(texts.every((text) => text.includes(driverName))).toBe(true);
  await screenshot(page, 'fleet-transactions-driver');

  await page.goto(`/transactions/${foreign.transactionId}`);
  await expect(page.getByText('Transaction not found')).toBeVisible();
});
