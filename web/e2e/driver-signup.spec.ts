import { expect, test } from '@playwright/test';
import { expectShell, findFreeCard, needs, OWNER, readOutbox, screenshot, signIn, signOutFromShell, uniqueEmail } from './support';

test('driver signs up with a free demo card and signs in', async ({ page, request }) => {
  const card = await findFreeCard(request);
  needs(Boolean(card), 'the demo data offers no unclaimed card');
  const email = uniqueEmail('driver');

  await page.goto('/signup');
  await page.getByRole('radio', { name: /Company Driver/ }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Company Driver registration' })).toBeVisible();
  await expect(page.getByTestId('step-indicator')).toHaveText('Step 1 of 3');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await page.getByLabel('Confirm password').fill('Secret123');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByTestId('step-indicator')).toHaveText('Step 2 of 3');
  await page.getByLabel('Company name').fill('Demo Freight LLC');
  await page.getByLabel('Card number').fill('7071000000');
  await expect(page.getByText('Invalid card number')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Card number must be exactly 19 digits')).toBeVisible();
  const banner = page.getByText('Please fix the card number validation error before continuing.');
  await expect(banner).toBeVisible();
  await screenshot(page, 'signup-driver-card-invalid');
  await page.getByLabel('Card number').fill(card!);
  await expect(page.getByLabel('Card found')).toBeVisible();
  // The banner goes with the green check.
  await expect(banner).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByTestId('step-indicator')).toHaveText('Step 3 of 3');
  await page.getByLabel('First name').fill('Erin');
  await page.getByLabel('Last name').fill('Endtoend');
  await page.getByLabel('Phone number').fill('407-555-0188');
  await page.getByRole('checkbox').check();
  await screenshot(page, 'signup-driver-personal');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/signin$/);
  // The company has not approved the driver yet: the waiting page, and no data.
  await signIn(page, email, 'Secret123');
  await expect(page.getByRole('heading', { name: 'Waiting for your company to approve your account' })).toBeVisible();
  await screenshot(page, 'driver-pending-approval');
  await page.getByRole('button', { name: 'Sign out' }).click();

  // The owner approves the request from the fuel cards screen.
  await signIn(page, OWNER.email, OWNER.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('article', { name: 'Erin Endtoend' })).toBeVisible();
  await page.goto('/fuel-cards');
  const pending = page.getByRole('article', { name: 'Erin Endtoend' });
  await expect(pending).toBeVisible();
  await screenshot(page, 'fuel-cards-driver-requests');
  await pending.getByRole('button', { name: 'Approve Erin Endtoend' }).click();
  await expect(pending).toHaveCount(0);
  await expect.poll(() => readOutbox(email)).toContain('approved');
  await signOutFromShell(page);

  // The driver now sees their data.
  await page.goto('/signin');
  await signIn(page, email, 'Secret123');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectShell(page);
  await expect(page.getByText('Total Spendings')).toBeVisible();
  await expect(page.getByTestId('pending-approval')).toHaveCount(0);
  await screenshot(page, 'dashboard-shell-driver');

  // The card's history stays the company's: the new driver sees none of the purchases made on it
  // before they were linked to it, while the owner still sees them all.
  const tokenOf = async (username: string, password: string) =>
    ((await (await request.post('/api/authenticate', { data: { username, password } })).json()) as { token: string }).token;
  const listed = async (token: string, path: string) => {
    const response = await request.get(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
    return ((await response.json()) as { page: { totalElements: number } }).page.totalElements;
  };
  const since = '/transactions?page=0&size=1&dateFrom=2000-01-01T00:00:00Z&dateTo=2100-01-01T00:00:00Z';
  const owners = await listed(await tokenOf(OWNER.email, OWNER.password), `/wex/company${since}&cardNumber=${card}`);
  expect(owners, "the card's purchases before this driver").toBeGreaterThan(0);
  expect(await listed(await tokenOf(email, 'Secret123'), `/wex${since}`)).toBe(0);
});

test('a pending request is refused for another company name and is visible at phone width', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const card = await findFreeCard(request);
  needs(Boolean(card), 'the demo data offers no unclaimed card');
  const wrong = await request.post('/api/account/create', {
    data: { username: 'w@e2e.test', email: uniqueEmail('wrong'), password: 'Secret123', firstName: 'Wes', lastName: 'Wrong',
      companyName: 'Other Haulers Inc', cardNumber: card, phoneNumber: '407-555-0189' },
  });
  expect(wrong.status()).toBe(400);
  await page.goto('/signin');
  await signIn(page, OWNER.email, OWNER.password);
  // Signed in before leaving the page: a navigation would cancel the sign-in in flight.
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/fuel-cards');
  await expect(page.getByRole('region', { name: 'Drivers waiting for approval' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('a card number and company name that do not match are said on both fields, on the card step', async ({ page, request }) => {
  const card = await findFreeCard(request);
  needs(Boolean(card), 'the demo data offers no unclaimed card');
  const mismatch = 'The card number and company name do not match';

  await page.goto('/signup');
  await page.getByRole('radio', { name: /Company Driver/ }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Email').fill(uniqueEmail('mismatch'));
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await page.getByLabel('Confirm password').fill('Secret123');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByTestId('step-indicator')).toHaveText('Step 2 of 3');
  await page.getByLabel('Company name').fill('Demo Fr8');
  await page.getByLabel('Card number').fill(card!);
  await expect(page.getByLabel('Card found')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByTestId('step-indicator')).toHaveText('Step 3 of 3');
  await page.getByLabel('First name').fill('Mia');
  await page.getByLabel('Last name').fill('Mismatch');
  await page.getByLabel('Phone number').fill('407-555-0192');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();

  // The wizard goes back to the card step and says it under both fields.
  await expect(page.getByTestId('step-indicator')).toHaveText('Step 2 of 3');
  await expect(page.getByLabel('Company name')).toHaveAccessibleDescription(mismatch);
  await expect(page.getByLabel('Card number')).toHaveAccessibleDescription(mismatch);
  await screenshot(page, 'signup-driver-mismatch');

  // The name without its legal suffix is the company's.
  await page.getByLabel('Company name').fill('demo freight');
  await expect(page.getByText(mismatch)).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByTestId('step-indicator')).toHaveText('Step 3 of 3');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/signin$/);
});
