import { expect, test } from '@playwright/test';
import { OWNER, expectShell, projectName, screenshot, openSignedIn } from './support';

/*
 * The owner connects the company's own systems: Settings → Integrations, add a webhook
 * endpoint (a private address is refused; the signing secret is shown once, with copy),
 * see its (empty) deliveries, pause it, delete it. The endpoint's host is a public IP
 * address, so the check needs no DNS and the server keeps its strict rule.
 */
test('the owner adds, pauses and deletes a webhook endpoint', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openSignedIn(page, OWNER);
  await expectShell(page);

  await page.goto('/settings');
  await page.getByRole('link', { name: /Integrations/ }).click();
  await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
  await screenshot(page, 'webhooks-list');

  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add webhook endpoint' });
  // A private address is refused by the server, on the URL field.
  await dialog.getByLabel('Endpoint URL').fill('https://169.254.169.254/latest/meta-data/');
  await dialog.getByRole('checkbox', { name: /Purchase approved/ }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Must resolve to a public internet address')).toBeVisible();
  await screenshot(page, 'webhooks-add-refused');

  const url = `https://93.184.215.14/fuel/${projectName()}-${Date.now()}`;
  await dialog.getByLabel('Endpoint URL').fill(url);
  await dialog.getByRole('checkbox', { name: /Trip completed/ }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();

  const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
  const secret = secretDialog.getByTestId('webhook-secret');
  await expect(secret).toHaveValue(/^whsec_[0-9a-f]{64}$/);
  await secretDialog.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Secret copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await secret.inputValue());
  await screenshot(page, 'webhooks-secret');
  await secretDialog.getByRole('button', { name: "I've saved it" }).click();

  const row = page.getByTestId('webhook-row').filter({ hasText: url });
  await expect(row).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();
  await expect(row.getByText('Purchase approved, Trip completed')).toBeVisible();
  // The secret is not shown again.
  await expect(page.getByText(/whsec_/)).toHaveCount(0);
  await screenshot(page, 'webhooks-added');

  await row.getByRole('button', { name: 'Deliveries' }).click();
  const deliveries = page.getByRole('dialog', { name: /Deliveries/ });
  await expect(deliveries.getByTestId('deliveries-empty')).toBeVisible();
  await screenshot(page, 'webhooks-deliveries');
  await deliveries.getByRole('button', { name: 'Close' }).click();

  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit webhook endpoint' });
  await expect(edit.getByLabel('Endpoint URL')).toHaveValue(url);
  await edit.getByRole('checkbox', { name: /Active/ }).uncheck();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByText('Paused')).toBeVisible();

  await row.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this endpoint?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('webhook-row').filter({ hasText: url })).toHaveCount(0);
});
