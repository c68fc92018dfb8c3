import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  OWNER,
  apiToken,
  cardShippingUpdated,
  expectNoSidewaysScroll,
  expectShell,
  isPhone,
  needs,
  screenshot,
  submitCardOrder,
  uniqueLetters,
  openSignedIn,
  picture,
  chooseOption,
} from './support';

/*
 * A physical Stripe card from the order to its arrival, against the real binary and stripe-mock:
 * the owner orders it in the Order dialog (which says what happens next), finds it 'Being made'
 * on its row, and when Stripe reports it shipped (a signed issuing_card.updated, as Stripe sends
 * it) the row says 'Shipped' with its tracking and the alerts say 'Card shipped'; when it comes
 * back, 'Returned' and 'Card not delivered'. Then the same screens in Spanish, and at 320 px.
 */

/** The owner's account language, kept on the server: the app follows it once signed in. */
async function chooseLanguage(request: APIRequestContext, language: 'en' | 'es') {
  const headers = { Authorization: `Bearer ${await apiToken(request, OWNER.email, OWNER.password)}` };
  const account = (await (await request.get('/api/account', { headers })).json()) as Record<string, string>;
  const { firstName, lastName, email, phoneNumber } = account;
  const response = await request.put('/api/account', { headers, data: { firstName, lastName, email, phoneNumber, language } });
  expect(response.status(), await response.text()).toBe(200);
}

/** The card's row on the fuel cards page, opened (its shipment's details show). */
async function openCardRow(page: Page, cardNumber: string) {
  await page.goto(`/fuel-cards?card=${cardNumber}`);
  const row = page.locator(`[data-testid="fuel-card-row"][data-card="${cardNumber}"]`);
  await expect(page.getByTestId('fuel-card-row')).toHaveCount(1);
  await row.getByRole('button', { expanded: false }).click();
  await expect(row.getByTestId('shipping-details')).toBeVisible();
  return row;
}

/**
 * A picture at 320 px wide too (the phone project's own is 390 px), with no sideways scroll.
 * axe-core has just checked the screen at 390 px (screenshot()): the width changes where things
 * fall, not what the page is made of (its names, roles and colours).
 */
async function atNarrowest(page: Page, name: string) {
  if (!isPhone()) return;
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 320, height: 720 });
  await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(320);
  await expectNoSidewaysScroll(page, `${name}-320`);
  await picture(page, `${name}-320`);
  await page.setViewportSize(size);
}

test('an ordered physical card shows its shipment, and its shipping and return reach the owner', async ({ page, request }) => {
  needs(Boolean(process.env.STRIPE_MOCK_URL), 'stripe-mock (STRIPE_MOCK_URL): the card is a Stripe Issuing card');
  const driverName = `Shipping ${uniqueLetters()}`;

  await openSignedIn(page, OWNER);
  await expectShell(page);
  await page.goto('/fuel-cards');
  await page.getByRole('button', { name: 'Order card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Order a card' });
  await dialog.getByLabel('Driver Name').fill(driverName);
  await dialog.getByLabel('Driver ID').fill(`SHIP-${uniqueLetters().toUpperCase()}`);
  await dialog.getByLabel('Unit Number').fill('TRK-901');
  await chooseOption(page, dialog.getByRole('combobox', { name: 'Card type' }), 'Physical');
  await expect(dialog).toContainText('its row in this list shows the shipment');
  await expect(dialog).toContainText('you get an alert when it ships, is delivered or comes back');
  await screenshot(page, 'card-shipping-order-dialog');
  await atNarrowest(page, 'card-shipping-order-dialog');
  const card = (await submitCardOrder(page)) as Awaited<ReturnType<typeof submitCardOrder>> & { shipping: { status: string } | null };
  expect(card).toMatchObject({ issuer: 'stripe', shipping: { status: 'pending' } });
  await expect(dialog).toHaveCount(0);

  // Being made: the row says so, and what comes next.
  let row = await openCardRow(page, card.cardNumber);
  await expect(row.getByTestId('shipping-chip')).toHaveText('Being made');
  await expect(row.getByTestId('shipping-details')).toHaveText('The card issuer is making the card; it ships in a few business days.');

  // Stripe ships it: the row shows the carrier, the tracking and its link.
  await cardShippingUpdated(request, card.issuerCardId, {
    status: 'shipped',
    carrier: 'usps',
    tracking_number: '9400100000000000000000',
    tracking_url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
    eta: Math.floor(Date.UTC(2026, 11, 9) / 1000),
  });
  row = await openCardRow(page, card.cardNumber);
  await expect(row.getByTestId('shipping-chip')).toHaveText('Shipped');
  await expect(row.getByTestId('shipping-details')).toContainText('On its way with USPS. Expected');
  await expect(row.getByTestId('shipping-details')).toContainText('Tracking 9400100000000000000000.');
  await expect(row.getByRole('link', { name: 'Track it' })).toHaveAttribute('href', /^https:\/\/tools\.usps\.com\//);
  await screenshot(page, 'card-shipping-shipped');
  await atNarrowest(page, 'card-shipping-shipped');

  // ... and the owner's alerts say it, with the way to the card.
  await page.goto('/alerts');
  const shipped = page.getByTestId('alert-row').filter({ hasText: `Card shipped: The physical card ending ${card.cardNumber.slice(-4)} (${driverName})` });
  await expect(shipped).toHaveCount(1);
  await shipped.getByTestId('alert-open-card').click();
  await expect(page).toHaveURL(new RegExp(`/fuel-cards\\?card=${card.cardNumber}$`));
  await expect(page.locator(`[data-testid="fuel-card-row"][data-card="${card.cardNumber}"]`)).toBeVisible();

  // The carrier cannot deliver it: the row and the alerts say what to do.
  await cardShippingUpdated(request, card.issuerCardId, { status: 'returned', carrier: 'usps' });
  row = await openCardRow(page, card.cardNumber);
  await expect(row.getByTestId('shipping-chip')).toHaveText('Returned');
  await expect(row.getByTestId('shipping-details')).toHaveText('USPS could not deliver the card and sent it back: deactivate it and order a new one.');
  await page.goto('/alerts');
  await expect(page.getByTestId('alert-row').filter({ hasText: `Card not delivered: The carrier could not deliver the card ending ${card.cardNumber.slice(-4)}` })).toHaveCount(1);
  await screenshot(page, 'card-shipping-alerts');

  // The same in Spanish: the row and the order dialog.
  await chooseLanguage(request, 'es');
  try {
    await page.goto('/');
    row = await openCardRow(page, card.cardNumber);
    await expect(row.getByTestId('shipping-chip')).toHaveText('Devuelta');
    await expect(row.getByTestId('shipping-details')).toContainText('USPS no pudo entregar la tarjeta y la devolvió');
    await screenshot(page, 'card-shipping-returned-es');
    await atNarrowest(page, 'card-shipping-returned-es');
    await page.getByRole('button', { name: 'Pedir tarjeta' }).click();
    const pedir = page.getByRole('dialog', { name: 'Pedir una tarjeta' });
    await chooseOption(page, pedir.getByRole('combobox', { name: 'Tipo de tarjeta' }), 'Física');
    await expect(pedir).toContainText('usted recibe una alerta cuando se envía, se entrega o se devuelve');
    await screenshot(page, 'card-shipping-order-dialog-es');
    await atNarrowest(page, 'card-shipping-order-dialog-es');
    await expectNoSidewaysScroll(page, 'order dialog in Spanish');
  } finally {
    await chooseLanguage(request, 'en');
  }
});
