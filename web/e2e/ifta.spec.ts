import { expect, test, type Page } from '@playwright/test';
import { expectShell, isPhone, OWNER, screenshot, openSignedIn, chooseOption, openFromShell, tap } from './support';

/*
 * The owner's IFTA return (docs/ifta.md), at phone and desktop size: the demo's current quarter
 * on sample rates (totals, a line per jurisdiction, the warnings), a miles entry added by hand,
 * then the previous quarter's gasoline return closed with a confirmation, and exported.
 */

async function pick(page: Page, label: string, option: string) {
  await chooseOption(page, page.getByRole('combobox', { name: label }), option, { exact: true });
}

test('the owner reads the quarter’s IFTA return, enters miles, closes a quarter and exports it', async ({ page }) => {
  await openSignedIn(page, OWNER);
  await expectShell(page);
  await openFromShell(page, 'IFTA');
  await expect(page).toHaveURL(/\/ifta$/);
  await expect(page.getByRole('heading', { name: 'IFTA return' })).toBeVisible();

  // The current quarter: totals, rows, and the warnings (sample rates, estimated trip miles).
  const totals = page.getByTestId('ifta-totals');
  await expect(totals).toContainText('Total miles');
  await expect(totals).toContainText(/Tax due|Refund due/);
  await expect(page.getByTestId('ifta-row').first()).toBeVisible();
  const warnings = page.getByTestId('ifta-warnings');
  await expect(warnings.locator('[data-code="sample_rates"]')).toContainText('sample rates');
  await expect(warnings.locator('[data-code="miles_estimated"]')).toContainText('completed trips');
  if (isPhone()) await expect(page.getByTestId('ifta-row').first()).toContainText('Taxable gal');
  else await expect(page.getByRole('columnheader', { name: 'Net taxable gal' })).toBeVisible();
  await screenshot(page, 'ifta-return');

  // Miles entered by hand join the entries and the return.
  const unit = `E2E-${Date.now() % 100000}`;
  await tap(page.getByRole('button', { name: 'Add miles' }));
  const dialog = page.getByRole('dialog', { name: 'Add miles' });
  await dialog.getByRole('textbox', { name: 'Unit number' }).fill(unit);
  await pick(page, 'Jurisdiction', 'NH');
  await dialog.getByRole('textbox', { name: 'Miles' }).fill('123.4');
  await screenshot(page, 'ifta-add-miles', { fullPage: false });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(new RegExp(`${unit} · NH · 123\\.4 mi`))).toBeVisible();
  await expect(page.getByTestId('ifta-row').filter({ hasText: 'NH' }).first()).toBeVisible();

  // The previous quarter's gasoline return: over, so it can be closed (with a confirmation).
  const now = new Date();
  const current = Math.floor(now.getMonth() / 3) + 1;
  const previous = current === 1 ? { year: now.getFullYear() - 1, quarter: 4 } : { year: now.getFullYear(), quarter: current - 1 };
  await pick(page, 'Year', String(previous.year));
  await pick(page, 'Quarter', `Q${previous.quarter}`);
  await pick(page, 'Fuel', 'Gasoline');
  const status = page.getByTestId('ifta-status');
  await expect(status).not.toHaveText('Quarter open');
  // A database reused from an earlier run may have it closed already.
  if (!(await status.textContent())?.startsWith('Closed')) {
    await tap(page.getByRole('button', { name: 'Close return' }));
    const confirm = page.getByRole('dialog', { name: /Close the .* Gasoline return\?/ });
    await expect(confirm).toContainText('cannot be undone');
    await confirm.getByRole('button', { name: 'Close return' }).click();
  }
  await expect(status).toHaveText(/^Closed /);
  await expect(page.getByRole('button', { name: 'Close return' })).toHaveCount(0);
  await screenshot(page, 'ifta-closed');

  const download = page.waitForEvent('download');
  await tap(page.getByRole('button', { name: 'Export .csv' }));
  expect((await download).suggestedFilename()).toBe(`ifta-${previous.year}Q${previous.quarter}-gasoline.csv`);
});

/** A demo IFTA unit per project: phone and desktop share the server, and each vehicle's track stays its own. */
const telematicsUnit = () => (isPhone() ? 'TRK-110' : 'TRK-113');

/** A Traccar position of unit at (lat, lon) at time at, as Traccar forwards it. */
const traccarPosition = (unit: string, at: Date, lat: number, lon: number) => ({
  position: { deviceId: 1, fixTime: at.toISOString(), latitude: lat, longitude: lon, speed: 52, attributes: {} },
  device: { uniqueId: unit, name: unit },
});

test('the owner makes a telematics token; positions posted with it show as miles in the return', async ({ page }) => {
  await openSignedIn(page, OWNER);
  await expectShell(page);
  await page.goto('/ifta');
  await expect(page.getByRole('heading', { name: 'IFTA return' })).toBeVisible();
  const wyoming = page.locator('[data-testid="ifta-row"][data-jurisdiction="WY"]');
  await expect(page.getByTestId('ifta-row').first()).toBeVisible();
  const before = Number((await wyoming.count()) ? await wyoming.first().getAttribute('data-miles') : 0);

  const section = page.getByRole('region', { name: 'Telematics' });
  const make = section.getByRole('button', { name: /Make (a new )?token/ });
  await expect(make).toBeVisible();
  // A server that already has a token asks before replacing it.
  const rotating = (await make.textContent())!.includes('new');
  await tap(make);
  if (rotating) await page.getByRole('dialog').getByRole('button', { name: 'Make a new token' }).click();
  const token = (await section.getByTestId('telematics-token').locator('code').textContent())!.trim();
  expect(token).toMatch(/^tlm_/);

  // Out from Rawlins on I-80 and back, a mile each way at 60 mph, ending now (a later run starts where this one ends).
  const now = Date.now();
  const [lat, lon] = [41.7911, -107.2387];
  const unit = telematicsUnit();
  const positions = [
    traccarPosition(unit, new Date(now - 120_000), lat, lon),
    traccarPosition(unit, new Date(now - 60_000), lat, lon + 0.0194),
    traccarPosition(unit, new Date(now), lat, lon),
  ];
  const refused = await page.request.post('/api/telematics/traccar', { data: positions, headers: { Authorization: 'Bearer tlm_wrong' } });
  expect(refused.status()).toBe(401);
  const answer = await page.request.post('/api/telematics/traccar', { data: positions, headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok(), await answer.text()).toBe(true);

  await page.reload();
  await expect(wyoming.first()).toBeVisible();
  await expect.poll(async () => Number(await wyoming.first().getAttribute('data-miles'))).toBeGreaterThanOrEqual(before + 1);
  await expect(page.getByText(/[1-9]\d* vehicle days of telematics/)).toBeVisible();
});
