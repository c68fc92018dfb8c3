import { expect, test } from '@playwright/test';
import { expectShell, findFreeCard, screenshot, signIn, uniqueEmail } from './support';

test('driver signs up with a free demo card and signs in', async ({ page, request }) => {
  const card = await findFreeCard(request);
  test.skip(!card, 'the demo data offers no unclaimed card');
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
  await screenshot(page, 'signup-driver-card-invalid');
  await page.getByLabel('Card number').fill(card!);
  await expect(page.getByLabel('Card found')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByTestId('step-indicator')).toHaveText('Step 3 of 3');
  await page.getByLabel('First name').fill('Erin');
  await page.getByLabel('Last name').fill('Endtoend');
  await page.getByLabel('Phone number').fill('407-555-0188');
  await page.getByRole('checkbox').check();
  await screenshot(page, 'signup-driver-personal');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/signin$/);
  await signIn(page, email, 'Secret123');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectShell(page);
  await screenshot(page, 'dashboard-shell-driver');
});
