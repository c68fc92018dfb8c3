import { expect, test } from '@playwright/test';
import { OWNER, expectShell, isPhone, screenshot, openSignedIn, chooseOption } from './support';

/*
 * End to end against the real binary: the owner opens Order card on the fuel cards, is told what is
 * missing, orders a card, and finds it in the list with a program card number. With stripe-mock
 * (STRIPE_MOCK_URL, as the test script runs it) the server orders from Stripe Issuing and the card
 * answers Stripe's card id, last four digits and expiry; without it the server has the network
 * issuer, and the card none of an outside issuer's fields.
 */

/** The issuer's fields the new card answers, by the issuer the server was started with (playwright.config.ts). */
function expectedIssuer() {
  return process.env.STRIPE_MOCK_URL
    ? { issuer: 'stripe', issuerCardId: expect.stringMatching(/^ic_\w+$/), last4: expect.stringMatching(/^\d{4}$/), expMonth: expect.any(Number) }
    : { issuer: 'network', issuerCardId: null, last4: null, expMonth: null };
}

test('the owner orders a card: field errors first, then the new card in the list', async ({ page, request }) => {
  // A driver id of its own per run and project, to find the card again.
  const driverId = `E2E-${isPhone() ? 'P' : 'D'}-${Date.now().toString(36).toUpperCase()}`;
  const type = isPhone() ? 'Virtual' : 'Physical';

  await openSignedIn(page, OWNER);
  await expectShell(page);
  await page.goto('/fuel-cards');
  await expect(page.getByTestId('fuel-card-row').first()).toBeVisible();
  await screenshot(page, 'order-card-list');

  await page.getByRole('button', { name: 'Order card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Order a card' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Order card' }).click();
  await expect(dialog.getByText('Driver name is required')).toBeVisible();
  await expect(dialog.getByText('Driver ID is required')).toBeVisible();
  await expect(dialog.getByText('Unit number is required')).toBeVisible();
  await screenshot(page, 'order-card-errors');

  await dialog.getByLabel('Driver Name').fill('Olivia Order');
  await dialog.getByLabel('Driver ID').fill(driverId);
  await dialog.getByLabel('Unit Number').fill('TRK-900');
  await chooseOption(page, dialog.getByRole('combobox', { name: 'Card type' }), type);
  await screenshot(page, 'order-card-dialog');
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/wex/company/cards') && response.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Order card' }).click();
  const created = await answer;
  expect(created.status()).toBe(201);
  const card = (await created.json()) as { cardNumber: string; status: string; issuer: string; issuerCardId: string | null; last4: string | null };
  expect(card).toMatchObject({ status: 'ACTIVE', ...expectedIssuer() });
  expect(card.cardNumber).toMatch(/^7071\d{15}$/);

  await expect(page.getByText(/^Card 7071 .* ordered$/)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search cards...' }).fill(driverId);
  const row = page.locator(`[data-testid="fuel-card-row"][data-card="${card.cardNumber}"]`);
  await expect(page.getByTestId('fuel-card-row')).toHaveCount(1);
  await expect(row).toContainText('Olivia Order');
  await expect(row).toHaveAttribute('data-status', 'ACTIVE');
  await screenshot(page, 'order-card-ordered');

  // The list answers the same card with the issuer's fields.
  const token = ((await (await request.post('/api/authenticate', { data: { username: OWNER.email, password: OWNER.password } })).json()) as { token: string }).token;
  const listed = (await (await request.get(`/api/wex/company/get-cards?searchText=${driverId}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    value: { cardNumber: string; issuer: string; issuerCardId: string | null; last4: string | null; expMonth: number | null }[];
  };
  expect(listed.value).toEqual([expect.objectContaining({ cardNumber: card.cardNumber, ...expectedIssuer(), issuerCardId: card.issuerCardId })]);
});
