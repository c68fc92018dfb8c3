import { expect, test, type Page } from '@playwright/test';
import { OWNER, approveDriver, expectShell, needs, requestAuthorization, screenshot, signIn, signOutFromShell, signUpDriverWithCard, submitCardOrder, uniqueEmail, uniqueLetters, openSignedIn, chooseOption } from './support';

/*
 * A real card's decline at the pump, end to end against the real binary with stripe-mock
 * (docs/issuing.md): the owner orders a virtual card on the fuel cards (a Stripe Issuing card),
 * sets its daily limit in the card's Controls, and approves the driver who joined with the card;
 * Stripe asks the portal about a purchase over the limit (a signed issuing_authorization.request
 * on the Issuing webhook) and is answered declined, DAILY_LIMIT. The owner sees the decline with
 * its plain reason on the transactions, the decision on the purchase's detail and the alert; the
 * driver sees it on the dashboard and among the notifications.
 */

const DRIVER_PASSWORD = 'Secret123';

async function findCardRow(page: Page, driverName: string, cardNumber: string) {
  await page.goto('/fuel-cards');
  await page.getByRole('searchbox', { name: 'Search cards...' }).fill(driverName);
  await expect(page.getByTestId('fuel-card-row')).toHaveCount(1);
  return page.locator(`[data-testid="fuel-card-row"][data-card="${cardNumber}"]`);
}

test('a Stripe card over its daily limit is declined at the pump; the owner and the driver see why', async ({ page, request }) => {
  needs(Boolean(process.env.STRIPE_MOCK_URL), 'the Stripe issuer needs stripe-mock (STRIPE_MOCK_URL)');
  const surname = uniqueLetters();
  const driverName = `Dana ${surname}`;
  const driverId = `E2E-DECL-${surname.toUpperCase()}`;

  // The owner orders a virtual card for the driver from the fuel cards: a Stripe Issuing card.
  await openSignedIn(page, OWNER);
  await expectShell(page);
  await page.goto('/fuel-cards');
  await page.getByRole('button', { name: 'Order card' }).click();
  const order = page.getByRole('dialog', { name: 'Order a card' });
  await order.getByLabel('Driver Name').fill(driverName);
  await order.getByLabel('Driver ID').fill(driverId);
  await order.getByLabel('Unit Number').fill('TRK-451');
  await chooseOption(page, order.getByRole('combobox', { name: 'Card type' }), 'Virtual');
  const card = await submitCardOrder(page);
  expect(card).toMatchObject({ issuer: 'stripe', issuerCardId: expect.stringMatching(/^ic_\w+$/), last4: expect.stringMatching(/^\d{4}$/) });
  await expect(order).toHaveCount(0);

  // ... and sets its daily limit to $100 in the card's Controls.
  const row = await findCardRow(page, driverName, card.cardNumber);
  await row.getByRole('button', { expanded: false }).click();
  await row.getByRole('button', { name: 'Controls', exact: true }).click();
  const controls = page.getByRole('dialog', { name: /Card controls/ });
  await controls.getByLabel('Per day', { exact: true }).fill('100');
  await controls.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Controls saved')).toBeVisible();
  await expect(row.getByTestId('controls-badge')).toBeVisible();

  // The driver joins with the card (the sign-up's API, as the wizard posts it) and the owner
  // approves them on the fuel cards.
  const email = uniqueEmail('declined-driver');
  await signUpDriverWithCard(request, { email, password: DRIVER_PASSWORD, firstName: 'Dana', lastName: surname, cardNumber: card.cardNumber, phoneNumber: '407-555-0177' });
  await approveDriver(page, driverName);

  // At the pump: $150.00 on a $100-a-day card. Stripe asks; the portal declines, naming the rule.
  const answer = await requestAuthorization(request, card.issuerCardId, 150_00);
  expect(answer).toMatchObject({ approved: false, metadata: { declineCode: 'DAILY_LIMIT' } });

  // The owner sees the declined purchase with its plain reason, and the decision on its detail.
  await page.goto('/transactions');
  await page.getByRole('searchbox', { name: 'Search transactions...' }).fill(driverName);
  const declined = page.getByTestId('transaction-row');
  await expect(declined).toHaveCount(1);
  await expect(declined.getByTestId('declined-chip')).toBeVisible();
  await expect(declined.getByTestId('decline-reason')).toHaveText('Over the daily limit');
  await declined.click();
  const detail = page.getByTestId('transaction-detail');
  await expect(detail.getByTestId('decline-reason')).toHaveText('Over the daily limit');
  await expect(detail.getByTestId('transaction-authorization')).toHaveText(/^Declined DAILY_LIMIT in \d+ ms/);
  // The driver held the card when it was declined.
  await expect(detail).toContainText(`Held by${driverName}`);
  await screenshot(page, 'card-decline-owner-detail');

  // ... and as an unread alert.
  await page.goto('/alerts');
  const alert = page.getByTestId('alert-row').filter({ hasText: `Purchase declined: ${driverName}` });
  await expect(alert).toHaveCount(1);
  await expect(alert).toHaveAttribute('data-read', 'false');
  await expect(alert).toContainText('Over the daily limit');
  await screenshot(page, 'card-decline-owner-alerts');
  await signOutFromShell(page);

  // The driver signs in: the dashboard says the decline and its reason, and so does the notice.
  await page.goto('/signin');
  await signIn(page, email, DRIVER_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  const myCard = page.getByTestId('my-card');
  await expect(myCard.getByTestId('my-card-rules')).toHaveText(/\$100 a day, \$[\d,.]+ left today/);
  await expect(myCard.getByTestId('override-request-panel')).toContainText(/Your last purchase was declined: Over the daily limit/);
  await page.goto('/notifications');
  const notice = page.getByTestId('notification-row').filter({ hasText: 'Purchase declined' }).first();
  await expect(notice).toContainText('Over the daily limit');
});
