import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

const here = dirname(fileURLToPath(import.meta.url));
export const SCREENSHOT_DIR = join(here, 'screenshots');

export const OWNER = { email: 'owner@demo.test', password: 'DemoPass1' };
export const DRIVER = { email: 'driver@demo.test', password: 'DemoPass1' };

/** Full-page screenshot to e2e/screenshots/<name>.png (skipped with E2E_SCREENSHOTS=0). */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === '0') return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** A unique address per run, so a reused database never collides. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@e2e.test`;
}

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

export async function expectShell(page: Page): Promise<void> {
  await expect(page.getByTestId('navigation-drawer')).toBeVisible();
}

/** Newest messages of the server's outbox for `email` (no SMTP in tests). */
export function readOutbox(email: string): string {
  const binary = process.env.E2E_BINARY!;
  return execFileSync(binary, ['mail', 'outbox', '--to', email, '--db', process.env.E2E_DB!], { encoding: 'utf8' });
}

/** The 6-digit one-time code of the newest mail to `email`. */
export async function readResetCode(email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        code = readOutbox(email).match(/\b(\d{6})\b/)?.[1];
        return code;
      },
      { timeout: 10_000 },
    )
    .toBeDefined();
  return code!;
}

/**
 * A demo fleet card that no driver has claimed yet. E2E_FREE_CARDS may list candidates
 * (comma-separated); otherwise the demo numbering 7071 0000 0000 0000 0NN is probed.
 */
export async function findFreeCard(request: APIRequestContext): Promise<string | undefined> {
  const listed = process.env.E2E_FREE_CARDS?.split(',').map((card) => card.trim()).filter(Boolean);
  const candidates =
    listed ?? Array.from({ length: 60 }, (_, i) => `70710000000000000${String(i + 1).padStart(2, '0')}`);
  for (const card of candidates) {
    const response = await request.get(`/api/account/check/cardNumber/${card}`);
    if (response.ok()) return card;
  }
  return undefined;
}
