import { expect, test } from '@playwright/test';
import { OWNER, screenshot, signIn } from './support';

test('shows the sign-in screen with its links', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create account' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Help' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact us' })).toBeVisible();
  await screenshot(page, 'signin');
});

test('a wrong password shows the error banner', async ({ page }) => {
  await page.goto('/');
  await signIn(page, OWNER.email, 'WrongPass1');
  await expect(page.getByRole('alert')).toHaveText('Login or password are incorrect');
  await expect(page).toHaveURL(/\/$/);
  await screenshot(page, 'signin-wrong-password');
});

test('empty fields show the validation messages', async ({ page }) => {
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('This field should not be empty')).toHaveCount(2);
  await page.getByLabel('Password', { exact: true }).fill('ab');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText("Shouldn't be shorter than 3 characters")).toBeVisible();
});
