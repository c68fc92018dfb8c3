import { expect, test } from '@playwright/test';
import { OWNER, screenshot, openSignedIn } from './support';

/*
 * Wallet funding against the real binary talking to stripe-mock (STRIPE_MOCK_URL, set by
 * scripts/test.sh). stripe-mock answers fixture objects: the owner has one saved Visa
 * credit card •••• 4242. Stripe.js cannot load here (no internet), which the modal says.
 */
if (process.env.FUELPORTAL_TEST_STRICT && !process.env.STRIPE_MOCK_URL) {
  throw new Error('missing under the test script: STRIPE_MOCK_URL (stripe-mock) is not set');
}
test.skip(!process.env.STRIPE_MOCK_URL, 'STRIPE_MOCK_URL is not set: no stripe-mock for the server to talk to');

test.beforeEach(async ({ page }) => {
  await openSignedIn(page, OWNER);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the owner opens the modal from the wallet tile, picks a saved method, adds funds, and an unpaid intent shows the failure, never success', async ({ page }) => {
  const walletButton = page.getByTestId('wallet-tile').getByRole('button', { name: /^(Add Funds|Pay Invoice)$/ });
  await walletButton.click();

  const modal = page.getByRole('dialog', { name: 'Payment Methods' });
  const list = modal.getByRole('list', { name: 'Saved payment methods' });
  await expect(list.getByText('Visa •••• 4242')).toBeVisible();
  const body = modal.getByTestId('payment-modal-body');
  expect(await body.evaluate((element) => getComputedStyle(element).maxHeight)).toBe('460px');
  await screenshot(page, 'payments-saved-methods');

  await modal.getByRole('button', { name: 'Use Selected Method' }).click();
  const form = page.getByRole('dialog', { name: /^(Add Funds|Pay Invoice)$/ });
  await form.getByLabel('Amount').fill('125.50');
  await expect(form.getByText('Credit card fee 1.9%. Debit card: no fee. Payment provider fees also apply.')).toBeVisible();
  // 1.9% of $125.50 = $2.3845 → $2.38; total $127.88.
  await expect(form.getByTestId('payment-summary')).toContainText('$2.38');
  await expect(form.getByTestId('payment-summary')).toContainText('$127.88');
  await screenshot(page, 'payments-add-funds');

  const answer = page.waitForResponse((response) => response.url().endsWith('/api/payments/payment-intent'));
  await form.getByRole('button', { name: /^(Submit Payment|Pay Invoice)$/ }).click();
  const response = await answer;
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ amount: 12550, fee: 238, total: 12788, currency: 'USD' });

  // stripe-mock answers requires_payment_method: nothing was paid, so the app must not claim
  // success (only succeeded or processing are a success); it shows the failure text instead.
  expect((await response.json()).status).not.toMatch(/^(succeeded|processing)$/);
  await expect(form.getByRole('alert').filter({ hasText: 'Failed to create payment intent. Please try again.' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Payment Submitted Successfully!' })).toHaveCount(0);
  await screenshot(page, 'payments-not-paid');
});

test("adding a card without Stripe.js says it hasn't loaded, after creating the setup intent", async ({ page }) => {
  await page.getByTestId('wallet-tile').getByRole('button', { name: /^(Add Funds|Pay Invoice)$/ }).click();
  const modal = page.getByRole('dialog', { name: 'Payment Methods' });
  await modal.getByRole('button', { name: 'Add New Method' }).click();
  await expect(modal.getByRole('button', { name: /Credit Card/ })).toBeVisible();
  await screenshot(page, 'payments-type-choice');

  const setupIntent = page.waitForResponse((response) => response.url().endsWith('/api/payments/setup-intent/card/credit'));
  await modal.getByRole('button', { name: /Credit Card/ }).click();
  expect((await setupIntent).status()).toBe(200);
  await expect(modal.getByText("Stripe.js hasn't loaded yet")).toBeVisible();
  await screenshot(page, 'payments-stripe-not-loaded');
});
