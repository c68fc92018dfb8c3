import { expect, test } from '@playwright/test';
import { OWNER, apiToken, screenshot, signIn } from './support';

/*
 * Without Stripe keys the modal says payments are not configured and nothing pretends to
 * work. With STRIPE_MOCK_URL set the main server has keys, so this runs against the second
 * server started without them (E2E_NOPAY_URL, playwright.config.ts).
 */
test.use(process.env.E2E_NOPAY_URL ? { baseURL: process.env.E2E_NOPAY_URL } : {});

test('without Stripe keys the payment modal says payments are not configured', async ({ page, request }) => {
  const config = await (await request.get('/api/config')).json();
  expect(config.paymentsConfigured).toBe(false);

  await page.goto('/signin');
  await signIn(page, OWNER.email, OWNER.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByTestId('wallet-tile').getByRole('button', { name: /^(Add Funds|Pay Invoice)$/ }).click();

  const modal = page.getByRole('dialog', { name: 'Payment Methods' });
  await expect(modal.getByText('Payments are not configured')).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Use Selected Method' })).toHaveCount(0);
  await expect(modal.getByRole('button', { name: /Credit Card/ })).toHaveCount(0);
  await screenshot(page, 'payments-not-configured');

  // Signed in, the payment calls say so too (signed out they are 401 like every data call).
  const token = await apiToken(request, OWNER.email, OWNER.password);
  const answer = await request.get('/api/payments/saved-payment-methods', { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(503);
});
