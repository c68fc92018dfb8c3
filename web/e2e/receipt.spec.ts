import { expect, test } from '@playwright/test';
import { DRIVER, expectNoSidewaysScroll, expectShell, screenshot, openSignedIn } from './support';

/*
 * Every approved purchase has an e-receipt: the driver opens one of their approved purchases,
 * taps "Receipt", and the printable receipt opens in a new tab with the station, the masked
 * card, the gallons and the total charged; a declined purchase offers none.
 */

interface Row {
  transactionId: number;
  status: 'APPROVED' | 'DECLINED';
  invoiceRef: string;
  cardNumber: string;
  locationName: string;
}

test('a driver opens the printable receipt of an approved purchase', async ({ page, request }) => {
  const token = ((await (await request.post('/api/authenticate', { data: { username: DRIVER.email, password: DRIVER.password } })).json()) as {
    token: string;
  }).token;
  const rows = ((await (
    await request.get('/api/wex/transactions?page=0&size=50&sort=transactionDate,desc', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { content: Row[] }).content;
  const approved = rows.find((row) => row.status === 'APPROVED')!;
  const declined = rows.find((row) => row.status === 'DECLINED');

  await openSignedIn(page, DRIVER);
  await expectShell(page);
  await page.goto(`/transactions/${approved.transactionId}`);
  await expect(page.getByTestId('transaction-detail')).toContainText(approved.invoiceRef);
  const button = page.getByRole('button', { name: 'Receipt' });
  await expectNoSidewaysScroll(page, 'transaction detail with its receipt button');
  await screenshot(page, 'receipt-button');

  const [receipt] = await Promise.all([page.waitForEvent('popup'), button.click()]);
  await receipt.waitForLoadState();
  await expect(receipt.getByRole('heading', { name: 'Fuel receipt' })).toBeVisible();
  await expect(receipt.locator('body')).toContainText(approved.invoiceRef);
  await expect(receipt.locator('body')).toContainText(approved.locationName);
  await expect(receipt.locator('body')).toContainText(`•••• ${approved.cardNumber.slice(-4)}`);
  await expect(receipt.locator('body')).not.toContainText(approved.cardNumber);
  await expect(receipt.getByText('Total charged')).toBeVisible();
  await expectNoSidewaysScroll(receipt, 'receipt');
  await screenshot(receipt, 'receipt', { fullPage: true }); // axe-core included
  await receipt.close();

  if (declined) {
    await page.goto(`/transactions/${declined.transactionId}`);
    await expect(page.getByTestId('transaction-detail')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Receipt' })).toHaveCount(0);
  }
});
