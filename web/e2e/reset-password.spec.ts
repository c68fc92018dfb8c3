import { expect, test } from '@playwright/test';
import { expectShell, readResetCode, screenshot, signIn, uniqueEmail } from './support';

test('a user resets the password with the emailed code and signs in with it', async ({ page, request }) => {
  // A fresh owner, so the demo accounts keep their passwords.
  const email = uniqueEmail('reset');
  const created = await request.post('/api/company/account/create', {
    data: {
      username: email,
      password: 'OldPass123',
      email,
      companyName: 'Reset Logistics',
      carrierId: 1000000 + Math.floor(Math.random() * 8999999),
      phoneNumber: '4075550199',
    },
  });
  expect(created.status()).toBe(201);

  await page.goto('/');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgotpassword$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page).toHaveURL(/\/reset-password\?email=/);
  await expect(page.getByLabel('Email')).toHaveValue(email);

  const code = await readResetCode(email);
  await page.getByLabel('Code').fill(code);
  await page.getByLabel('New password', { exact: true }).fill('NewPass123!');
  await page.getByLabel('Confirm new password').fill('NewPass124!');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('NewPass123!');
  await screenshot(page, 'reset-password');
  await page.getByRole('button', { name: 'Reset password' }).click();

  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText('Your password has been changed. Sign in with your new password.')).toHaveCount(1);
  await expect(page.getByText('Your password has been changed. Sign in with your new password.')).toBeVisible();
  await screenshot(page, 'reset-password-done');
  await signIn(page, email, 'NewPass123!');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectShell(page);
});
