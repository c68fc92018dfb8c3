import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSidewaysScroll, expectShell, OWNER, screenshot, openSignedIn, tap } from './support';

/*
 * An overdue IFTA return (docs/ifta.md, "The dashboard and reminders"), at both sizes: the demo's
 * previous quarter is past its due date with its diesel return a draft. The dashboard flags it in
 * red, in English and in Spanish; its link opens the return on that quarter (the quarter is in the
 * address), flagged too; the owner uploads the quarter's rates for the company (a file with a bad
 * line first: refused, naming it), the sample-rates warning goes, and the owner closes the return:
 * no longer overdue.
 */

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Chooses the app's language on the account page and waits until the account has saved it: the
 * next page load would otherwise cancel the save and leave the demo owner in the other language.
 */
async function chooseLanguage(page: Page, group: string, button: string, lang: string) {
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/account') && response.request().method() === 'PUT');
  await tap(page.getByRole('group', { name: group }).getByRole('button', { name: button }));
  expect((await saved).ok()).toBe(true);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

test('an overdue return is flagged, and closed once the owner uploads the quarter’s rates', async ({ page }) => {
  const now = new Date();
  const current = Math.floor(now.getMonth() / 3) + 1;
  const previous = current === 1 ? { year: now.getFullYear() - 1, quarter: 4 } : { year: now.getFullYear(), quarter: current - 1 };
  const period = `${previous.year} Q${previous.quarter}`;
  const dueDay = new Date(Date.UTC(previous.year, 3 * previous.quarter + 1, 0));
  // The demo's previous quarter is overdue from the first day of a quarter's second month on.
  test.skip(now.getTime() <= dueDay.getTime() + 86_400_000, 'the previous quarter is not past its due date yet');

  await openSignedIn(page, OWNER);
  await expectShell(page);
  const tile = page.getByTestId('ifta-tile');
  await expect(tile.getByTestId('ifta-tax-due').or(tile.getByTestId('ifta-empty'))).toBeVisible();
  const flag = tile.getByTestId('ifta-overdue').filter({ hasText: `${period} diesel return overdue` });
  // A database reused from an earlier run may have it closed already: then nothing is flagged.
  const alreadyClosed = (await flag.count()) === 0;
  if (!alreadyClosed) {
    await expect(flag).toContainText(/\d+ days? late/);
    await expect(flag).toContainText('File it with your base jurisdiction now');
    await flag.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page, 'dashboard with an overdue return');
    await screenshot(page, 'ifta-overdue-dashboard', { fullPage: false });

    // In Spanish (the account's language), with Spanish dates.
    await page.goto('/account');
    await chooseLanguage(page, 'App language', 'Español', 'es');
    await page.goto('/dashboard');
    const flagEs = page.getByTestId('ifta-tile').getByTestId('ifta-overdue').filter({ hasText: `Declaración ${previous.year} T${previous.quarter} de diésel vencida` });
    await expect(flagEs).toContainText(/días? de retraso/);
    await expect(flagEs).toContainText(/Vencía el \d{1,2} [a-z]{3} \d{4}\./);
    await flagEs.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page, 'el panel con una declaración vencida');
    await screenshot(page, 'ifta-overdue-dashboard-es', { fullPage: false });
    await page.goto('/account');
    await chooseLanguage(page, 'Idioma de la aplicación', 'English', 'en');
    await page.goto('/dashboard');
  }

  // The return of that quarter, opened from its link (or its address).
  if (!alreadyClosed) await tap(page.getByTestId('ifta-tile').getByRole('link', { name: `Open ${period} diesel` }));
  else await page.goto(`/ifta?year=${previous.year}&quarter=${previous.quarter}&fuelType=diesel`);
  await expect(page).toHaveURL(new RegExp(`/ifta\\?year=${previous.year}&quarter=${previous.quarter}&fuelType=diesel$`));
  const status = page.getByTestId('ifta-status');
  await expect(status).toBeVisible();
  if (!alreadyClosed) {
    await expect(page.getByTestId('ifta-overdue')).toContainText(`The ${period} Diesel return is overdue`);
    await expect(page.getByTestId('ifta-due')).toContainText('Overdue');
    await expect(page.getByTestId('ifta-warnings').locator('[data-code="sample_rates"]')).toBeVisible();
    // Oregon's diesel rate is 0 in the sample rates: a rate, said on the return.
    await expect(page.getByTestId('ifta-warnings').locator('[data-code="missing_rate"]')).toHaveCount(0);
    await expectNoSidewaysScroll(page, 'an overdue IFTA return');
    await screenshot(page, 'ifta-overdue-return', { fullPage: false });

    // The owner uploads the quarter's published rates for the company: a bad line first.
    await tap(page.getByTestId('ifta-upload-rates'));
    const dialog = page.getByRole('dialog', { name: `Upload the ${period} rates` });
    const header = 'year,quarter,jurisdiction,fuelType,rate,surcharge\n';
    await dialog.getByTestId('ifta-rates-file').setInputFiles({
      name: 'bad-rates.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${header}${previous.year},${previous.quarter},TX,diesel,0.2000,\n${previous.year},${previous.quarter},XX,diesel,0.2,\n`),
    });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(dialog.getByTestId('ifta-rates-problems')).toContainText('Line 3');
    await expect(dialog.getByTestId('ifta-rates-problems')).toContainText('"XX"');
    await screenshot(page, 'ifta-rates-problems', { fullPage: false });

    const sample = readFileSync(join(here, '../../ifta/testdata/sample-rates-2026q3.csv'), 'utf8');
    const rates = sample.replaceAll('\n2026,3,', `\n${previous.year},${previous.quarter},`);
    await dialog.getByTestId('ifta-rates-file').setInputFiles({ name: `rates-${previous.year}q${previous.quarter}.csv`, mimeType: 'text/csv', buffer: Buffer.from(rates) });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(dialog.getByTestId('ifta-rates-result')).toContainText('116 rates stored');
    await screenshot(page, 'ifta-rates-stored', { fullPage: false });
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
    // The company's rates win over the shared sample ones: the return is fit to file.
    await expect(page.getByTestId('ifta-warnings').locator('[data-code="sample_rates"]')).toHaveCount(0);
    await expect(page.getByTestId('ifta-warnings').locator('[data-code="zero_rate"]')).toContainText('Oregon');

    await tap(page.getByTestId('ifta-close'));
    const confirm = page.getByRole('dialog', { name: `Close the ${period} Diesel return?` });
    await confirm.getByRole('button', { name: 'Close return' }).click();
  }
  await expect(status).toHaveText(/^Closed /);
  await expect(page.getByTestId('ifta-overdue')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'ifta-overdue-closed', { fullPage: false });

  await page.goto('/dashboard');
  await expect(page.getByTestId('ifta-tile')).toBeVisible();
  await expect(page.getByTestId('ifta-tile').getByTestId('ifta-overdue').filter({ hasText: `${period} diesel` })).toHaveCount(0);
});
