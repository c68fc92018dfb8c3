import { expect, test, type Page } from '@playwright/test';
import { OWNER, chooseOption, expectNoSidewaysScroll, expectShell, isPhone, projectName, screenshot, openSignedIn, openFromShell } from './support';

/*
 * The owner's fleet vehicles against the real binary and its demo data: the demo vehicles carry
 * their cards; the owner adds a vehicle (the VIN's check digit is checked before it is sent),
 * edits it from the keyboard, imports a fleet list (a bad one is refused with its problems by
 * line, a good one updates the known unit and adds the new one) and deletes both.
 */

const HEADER = 'unitNumber,vin,plate,plateState,fuelType,tankCapacityGallons,iftaQualified,active';

async function openVehicles(page: Page) {
  await openFromShell(page, 'Vehicles');
  await expect(page).toHaveURL(/\/vehicles$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Vehicles' })).toBeVisible();
}

const row = (page: Page, unit: string) => page.locator(`[data-testid="vehicle-row"][data-unit="${unit}"]`);

test('the owner adds, edits, imports and deletes vehicles; the demo vehicles show their cards', async ({ page }) => {
  // Phone and desktop share the server: each run has its own unit numbers.
  const unit = `E2E-${projectName()}-${Date.now() % 1_000_000}`;
  const imported = `${unit}-B`;

  await openSignedIn(page, OWNER);
  await expectShell(page);
  await openVehicles(page);

  // The demo's first unit carries the demo driver's card.
  const demoRow = row(page, 'TRK-110');
  await expect(demoRow).toContainText('Dylan Driver');
  await expect(demoRow).toContainText('1XKYD49X');
  await screenshot(page, 'vehicles-list', { fullPage: false });

  // Add: a VIN with a wrong check digit is refused in the form.
  await page.getByRole('button', { name: 'Add vehicle' }).click();
  const form = page.getByRole('dialog', { name: 'Add vehicle' });
  await expect(form.getByRole('textbox', { name: 'Unit number' })).toBeFocused();
  await form.getByRole('textbox', { name: 'Unit number' }).fill(unit);
  await form.getByRole('textbox', { name: 'VIN' }).fill('1M8GDM9A1KP042788');
  await form.getByRole('textbox', { name: 'Plate' }).fill('e2e 1');
  await chooseOption(page, form.getByRole('combobox', { name: 'Plate state or province' }), 'ON · Ontario');
  await form.getByRole('textbox', { name: 'Tank capacity (gallons)' }).fill('150');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('VIN check digit (9th character) does not match')).toBeVisible();
  await screenshot(page, 'vehicles-form-error', { fullPage: false });
  await form.getByRole('textbox', { name: 'VIN' }).fill('1m8gdm9axkp042788');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Vehicle added')).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(row(page, unit)).toContainText('1M8GDM9AXKP042788');
  await expect(row(page, unit)).toContainText('ON E2E 1');
  await expect(row(page, unit)).toContainText('No cards');

  // Edit from the keyboard: Enter in the form saves it.
  await row(page, unit).getByRole('button', { name: `Edit ${unit}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit vehicle' });
  await edit.getByRole('textbox', { name: 'Tank capacity (gallons)' }).fill('175.5');
  await edit.getByRole('textbox', { name: 'Tank capacity (gallons)' }).press('Enter');
  await expect(page.getByText('Vehicle saved')).toBeVisible();
  await expect(row(page, unit)).toContainText('175.5 gal');

  // Import: a bad list is refused whole, with its problems by line.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import fleet list' });
  const bad = [HEADER, `${imported},,,,diesel,100,no,yes`, `${unit},,,,jet,0,yes,yes`].join('\n');
  await dialog.getByTestId('fleet-list-file').setInputFiles({ name: 'fleet-bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await expect(dialog.getByTestId('fleet-list-name')).toHaveText('fleet-bad.csv');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  const problems = dialog.getByTestId('import-problems');
  await expect(problems).toContainText('3 problems: nothing was imported');
  await expect(problems).toContainText('Line 3 · fuelType: Fuel type must be diesel or gasoline');
  await expect(problems).toContainText('Line 3 · vin: VIN is required for an IFTA-qualified vehicle');
  await expect(problems).toContainText('Line 3 · tankCapacityGallons');
  await screenshot(page, 'vehicles-import-problems', { fullPage: false });

  // A good list: the known unit is updated, the new one added.
  const good = [HEADER, `${unit},,,,gasoline,30,no,yes`, `${imported},1M8GDM9AXKP042788,E2E 2,TX,diesel,200,yes,yes`].join('\r\n');
  await dialog.getByTestId('fleet-list-file').setInputFiles({ name: 'fleet.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByTestId('import-result')).toHaveText('Imported 2 vehicles: 1 added, 1 updated');
  await expect(dialog.getByTestId('import-problems')).toHaveCount(0);
  await screenshot(page, 'vehicles-import-done', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(row(page, unit)).toContainText('Gasoline');
  await expect(row(page, unit)).toContainText('No VIN');
  await expect(row(page, imported)).toContainText('TX E2E 2');

  // Delete both, each after a confirmation.
  for (const gone of [unit, imported]) {
    await row(page, gone).getByRole('button', { name: `Delete ${gone}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete vehicle ${gone}?` });
    await expect(confirm).toBeVisible();
    if (gone === unit) await screenshot(page, 'vehicles-delete-confirm', { fullPage: false });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(row(page, gone)).toHaveCount(0);
  }
  await expect(page.getByText('Vehicle deleted').first()).toBeVisible();
});

test("the owner's dashboard shows the IFTA tax due; a vehicle's odometer lists its readings and takes a new one", async ({ page }) => {
  await openSignedIn(page, OWNER);
  await expectShell(page);

  // The demo's current quarter: diesel tax due so far, the due date, a link to the return.
  const tile = page.getByTestId('ifta-tile');
  await expect(tile.getByTestId('ifta-tax-due')).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(tile.getByTestId('ifta-due-date')).toHaveText(/^Due (Jan 31|Apr 30|Jul 31|Oct 31), \d{4} · in \d+ days?$/);
  await expect(tile.getByRole('link', { name: 'Open the return' })).toHaveAttribute('href', /^\/ifta\?year=\d{4}&quarter=[1-4]&fuelType=(diesel|gasoline)$/);
  await expectNoSidewaysScroll(page, 'dashboard with the IFTA tile');

  await openVehicles(page);
  // Phone and desktop share the server: each its own demo unit, so readings do not race.
  const unit = isPhone() ? 'TRK-110' : 'TRK-113';
  await row(page, unit).getByRole('button', { name: `Odometer of ${unit}` }).click();
  const dialog = page.getByRole('dialog', { name: `Odometer of ${unit}` });
  await expect(dialog.getByTestId('odometer-mpg')).toContainText('Fuel economy');
  const readings = dialog.getByTestId('odometer-reading');
  await expect(readings.first().or(dialog.getByTestId('odometer-empty'))).toBeVisible();
  const count = await readings.count();
  // The same reading as the latest (a truck standing still) is always possible; a first one is any.
  const latest = count ? Number((await readings.first().textContent())!.match(/([\d,]+)\s+mi/)![1].replaceAll(',', '')) : 250_000;
  await dialog.getByRole('textbox', { name: 'Odometer (miles)' }).fill(String(latest));
  await dialog.getByRole('button', { name: 'Add reading' }).click();
  await expect(page.getByText('Odometer reading added')).toBeVisible();
  await expect(readings).toHaveCount(count + 1);
  await expect(readings.first()).toContainText('Entered by an owner');
  await expect(readings.first()).toContainText(`${latest.toLocaleString('en-US')} mi`);
  await expectNoSidewaysScroll(page, 'odometer dialog');
  await screenshot(page, 'vehicle-odometer', { fullPage: false }); // axe-core included
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});
