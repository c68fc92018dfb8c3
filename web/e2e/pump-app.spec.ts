import { expect, test, type Page } from '@playwright/test';
import { OWNER, apiToken, approveDriver, expectShell, needs, requestAuthorization, screenshot, signIn, signOutFromShell, signUpDriverWithCard, submitCardOrder, uniqueEmail, uniqueLetters, openSignedIn } from './support';

/*
 * What the driver needs at the pump, end to end against the real binary with stripe-mock
 * (docs/issuing.md): the owner orders a virtual card whose pump asks the driver id, approves the
 * driver who joined with it (the card keeps the owner's driver id), and reveals the card's
 * details; the driver reads on the dashboard, in Spanish, what to type at the pump, reveals the
 * card, and a purchase keyed with that driver id is approved.
 *
 * Stripe.js cannot load here (no internet): js.stripe.com is intercepted with page.route and
 * served a small fake whose Issuing Elements write what they were created with, so the spec
 * checks the portal's part (nonce → ephemeral key on stripe-mock → elements), not Stripe's frames.
 */

// page.route must see the page's requests, so no service worker answers them first.
test.use({ serviceWorkers: 'block' });

const DRIVER_PASSWORD = 'Secret123';

const FAKE_STRIPE_JS = `
window.Stripe = function () {
  return {
    createEphemeralKeyNonce: function (options) { return Promise.resolve({ nonce: 'ephkn_pub_e2e_' + options.issuingCard }); },
    elements: function () {
      return {
        create: function (type, options) {
          return {
            mount: function (node) {
              if (type === 'issuingCardCopyButton') return;
              node.textContent = type === 'issuingCardNumberDisplay' ? '4242 4242 4242 4242' : type === 'issuingCardExpiryDisplay' ? '12/30' : '123';
              node.setAttribute('data-nonce', options.nonce);
            },
            destroy: function () {},
          };
        },
      };
    },
  };
};
window.Stripe.version = 'endive';
`;

async function fakeStripeJs(page: Page) {
  await page.route('https://js.stripe.com/**', (route) => route.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE_JS }));
}

test('a prompted virtual card from approval to an approved purchase, its details revealed by the owner and the driver', async ({ page, request }) => {
  needs(Boolean(process.env.STRIPE_MOCK_URL), 'the Stripe issuer needs stripe-mock (STRIPE_MOCK_URL)');
  await fakeStripeJs(page);
  const surname = uniqueLetters();
  const driverName = `Pia ${surname}`;
  const driverId = `DRV-${surname.toUpperCase().slice(0, 8)}`;

  // The owner orders a virtual card; the dialog says what comes next.
  await openSignedIn(page, OWNER);
  await expectShell(page);
  await page.goto('/fuel-cards');
  await page.getByRole('button', { name: 'Order card' }).click();
  const order = page.getByRole('dialog', { name: 'Order a card' });
  await expect(order.getByTestId('order-next')).toContainText('Card details');
  await order.getByLabel('Driver Name').fill(driverName);
  await order.getByLabel('Driver ID').fill(driverId);
  await order.getByLabel('Unit Number').fill('TRK-185');
  await screenshot(page, 'pump-app-order-dialog');
  const card = await submitCardOrder(page);

  // The pump asks this card for the driver id (the owner's Edit card, through its API).
  const ownerToken = await apiToken(request, OWNER.email, OWNER.password);
  const edit = await request.put('/api/wex/company/update-card', {
    headers: { Authorization: `Bearer ${ownerToken}` },
    data: { cardNumber: card.cardNumber, driverName, driverId, unitNumber: 'TRK-185', status: 'ACTIVE', prompt: 'driverId' },
  });
  expect(edit.status(), await edit.text()).toBe(200);

  // The driver joins with the card in Spanish; the owner approves them: the card keeps its driver id.
  const email = uniqueEmail('prompted-driver');
  await signUpDriverWithCard(request, { email, password: DRIVER_PASSWORD, firstName: 'Pia', lastName: surname, cardNumber: card.cardNumber, phoneNumber: '407-555-0178' });
  await approveDriver(page, driverName);
  await page.getByRole('searchbox', { name: 'Search cards...' }).fill(driverName);
  const row = page.locator(`[data-testid="fuel-card-row"][data-card="${card.cardNumber}"]`);
  await expect(row).toContainText(driverId);

  // The owner reveals the card's details: Issuing Elements made with the nonce for this card.
  await row.getByRole('button', { expanded: false }).click();
  await row.getByRole('button', { name: 'Card details' }).click();
  const details = page.getByRole('dialog', { name: /Card ····/ });
  await expect(details.getByTestId('card-details-number')).toHaveText('4242 4242 4242 4242');
  await expect(details.getByTestId('card-details-number')).toHaveAttribute('data-nonce', `ephkn_pub_e2e_${card.issuerCardId}`);
  await expect(details.getByTestId('card-details-expiry')).toHaveText('12/30');
  await expect(details.getByTestId('card-details-cvc')).toHaveText('123');
  await screenshot(page, 'pump-app-owner-card-details');
  await details.getByRole('button', { name: 'Close' }).click();
  await signOutFromShell(page);

  // The driver, in Spanish, reads what to type at the pump and reveals the card too.
  await page.goto('/signin');
  await signIn(page, email, DRIVER_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  const driverToken = await apiToken(request, email, DRIVER_PASSWORD);
  const spanish = await request.put('/api/account', {
    headers: { Authorization: `Bearer ${driverToken}` },
    data: { firstName: 'Pia', lastName: surname, email, phoneNumber: '407-555-0178', language: 'es' },
  });
  expect(spanish.status(), await spanish.text()).toBe(200);
  await page.reload();
  const prompts = page.getByTestId('pump-prompts');
  await expect(prompts).toContainText('En la bomba, escriba');
  await expect(prompts.getByTestId('pump-prompt-value')).toHaveText(driverId);
  await screenshot(page, 'pump-app-driver-dashboard-es');
  await page.getByRole('button', { name: 'Ver datos de la tarjeta' }).click();
  const mine = page.getByRole('dialog', { name: /Tarjeta ····/ });
  await expect(mine.getByTestId('card-details-number')).toHaveText('4242 4242 4242 4242');
  await expect(mine).toContainText('Agréguela a la billetera de su teléfono');
  await screenshot(page, 'pump-app-driver-card-details-es');
  await mine.getByRole('button', { name: 'Cerrar' }).click();

  // At the pump: a wrong driver id is declined and the app says what to type, not an override;
  // the card's driver id is approved.
  expect(await requestAuthorization(request, card.issuerCardId, 80_00, 'DRV-WRONG')).toMatchObject({ approved: false, metadata: { declineCode: 'DRIVER_ID_INVALID' } });
  await page.reload();
  const panel = page.getByTestId('override-request-panel');
  await expect(panel.getByTestId('prompt-retype')).toContainText(driverId);
  await expect(panel.getByRole('button', { name: /anulación|override/i })).toHaveCount(0);
  await screenshot(page, 'pump-app-driver-prompt-decline-es');
  expect(await requestAuthorization(request, card.issuerCardId, 80_00, driverId)).toMatchObject({ approved: true });
});
