import { expect, test } from '@playwright/test';
import { expectNoShell, expectShell, screenshot, signIn, signOutFromShell, uniqueEmail } from './support';

test('owner signs up, signs in, sees the shell and logs out', async ({ page }) => {
  const email = uniqueEmail('owner');
  await page.goto('/signup');
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await screenshot(page, 'signup-role');
  await page.getByRole('radio', { name: /Company Owner/ }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Company Owner registration' })).toBeVisible();
  await expect(page.getByTestId('step-indicator')).toHaveText('Step 1 of 2');

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await page.getByLabel('Confirm password').fill('Secret123');
  await expect(page.getByLabel('Email is available')).toBeVisible();
  await screenshot(page, 'signup-owner-credentials');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByTestId('step-indicator')).toHaveText('Step 2 of 2');
  await page.getByLabel('Company name').fill('E2E Haulage Inc');
  await page.getByLabel('Carrier ID').fill(String(1000000 + Math.floor(Math.random() * 8999999)));
  await page.getByLabel('Phone number').fill('+1 (407) 555-0177');
  await page.getByRole('checkbox').check();
  await screenshot(page, 'signup-owner-personal');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText('Account created successfully')).toBeVisible();
  await screenshot(page, 'signin-after-signup');

  await signIn(page, email, 'Secret123');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectShell(page);
  // A new company: first steps, with its name exactly as drivers must give it.
  const steps = page.getByRole('region', { name: 'First steps' });
  await expect(steps).toBeVisible();
  await expect(steps.getByTestId('first-step')).toHaveCount(3);
  await expect(steps.getByTestId('first-steps-company')).not.toBeEmpty();
  await screenshot(page, 'dashboard-shell-owner');

  await signOutFromShell(page);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expectNoShell(page);
});

test('a taken email blocks the credentials step', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('radio', { name: /Company Owner/ }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Email').fill('owner@demo.test');
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await page.getByLabel('Confirm password').fill('Secret123');
  await expect(page.getByText('This email is already in use')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please fix the email validation error before continuing.')).toBeVisible();
  await screenshot(page, 'signup-email-taken');

  // With another field wrong as well, the banner still says what blocks the step.
  await page.getByLabel('Confirm password').fill('Secret124');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Please fix the email validation error before continuing.')).toBeVisible();
  await expect(page.getByTestId('step-indicator')).toHaveText('Step 1 of 2');
});
