import { expect, test, type Page } from '@playwright/test';
import { OWNER, expectShell, isPhone, screenshot, openSignedIn, apiToken, needsCardNetwork, postNetworkPurchase } from './support';

/*
 * End to end against the real binary and its demo data: the owner sets a daily limit in
 * the card's Controls, the card network posts a purchase over it (declined, "Over the daily
 * limit"), the owner sees the decline on the transaction and as an alert, grants an override, and
 * the same purchase posted again is approved.
 */

interface Card {
  cardNumber: string;
  status: 'ACTIVE' | 'INACTIVE';
  driverName: string;
}

async function openCardRow(page: Page, card: Card) {
  await page.goto('/fuel-cards');
  await page.getByRole('searchbox', { name: 'Search cards...' }).fill(card.driverName);
  const row = page.locator(`[data-testid="fuel-card-row"][data-card="${card.cardNumber}"]`);
  await expect(page.getByTestId('fuel-card-row')).toHaveCount(1);
  await row.getByRole('button', { expanded: false }).click();
  return row;
}

test('a daily limit declines a purchase over it, the owner is alerted, and an override lets it through', async ({ page, request }) => {
  await needsCardNetwork(request);

  const token = await apiToken(request, OWNER.email, OWNER.password);
  const headers = { Authorization: `Bearer ${token}` };
  const cards = ((await (await request.get('/api/wex/company/get-cards', { headers })).json()) as { value: Card[] }).value;
  // A card of its own per project, so the phone and desktop runs do not share a day's spend.
  const active = cards.filter((candidate) => candidate.status === 'ACTIVE');
  const card = active[isPhone() ? 1 : 2]!;
  expect(card).toBeDefined();

  await openSignedIn(page, OWNER);
  await expectShell(page);

  // The owner sets a $100 daily limit on the card.
  let row = await openCardRow(page, card);
  await row.getByRole('button', { name: 'Controls', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /Card controls/ });
  await dialog.getByLabel('Per day', { exact: true }).fill('100');
  await screenshot(page, 'card-controls-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Controls saved')).toBeVisible();
  await expect(row.getByTestId('controls-badge')).toBeVisible();

  // 120 gallons at $3.899 is far over $100: declined, naming the rule.
  const declined = await postNetworkPurchase(request, 'controls', { cardNumber: card.cardNumber, gallons: 120 });
  expect(declined).toMatchObject({ status: 'DECLINED', declineCode: 'DAILY_LIMIT', declineReason: 'Over the daily limit' });

  await page.goto('/transactions');
  await page.getByRole('searchbox', { name: 'Search transactions...' }).fill(declined.invoiceRef);
  const transaction = page.getByTestId('transaction-row');
  await expect(transaction).toHaveCount(1);
  await expect(transaction.getByTestId('decline-reason')).toHaveText('Over the daily limit');

  // The decline is an alert, counted in the navigation.
  await page.getByRole('link', { name: /^\d+\+? Alerts, unread$/ }).click();
  await expect(page).toHaveURL(/\/alerts$/);
  const alert = page.getByTestId('alert-row').filter({ hasText: card.driverName }).first();
  await expect(alert).toHaveAttribute('data-read', 'false');
  await screenshot(page, 'card-controls-alerts');
  await alert.getByRole('button').first().click();
  await expect(alert).toHaveAttribute('data-read', 'true');

  // The owner grants an override (24 hours by default).
  row = await openCardRow(page, card);
  await row.getByRole('button', { name: 'Override', exact: true }).click();
  await page.getByRole('dialog', { name: 'Override card rules' }).getByRole('button', { name: 'Grant override' }).click();
  await expect(row.getByTestId('override-badge')).toBeVisible();
  await expect(row.getByTestId('override-until')).toContainText('Override active until');
  await screenshot(page, 'card-controls-override');

  // The same purchase again: approved (the wallet still pays for it).
  const approved = await postNetworkPurchase(request, 'controls', { cardNumber: card.cardNumber, gallons: 120 });
  expect(approved).toMatchObject({ status: 'APPROVED', declineCode: null, declineReason: null });

  // Ending the override restores the limit.
  await row.getByRole('button', { name: 'Override active' }).click();
  await page.getByRole('dialog', { name: 'Override card rules' }).getByRole('button', { name: 'End override' }).click();
  await expect(row.getByTestId('override-badge')).toHaveCount(0);
});
