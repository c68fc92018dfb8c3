import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

/*
 * E2E against the real binary: `fuelportal serve --demo` on a free loopback port with
 * E2E_DB (default: a fresh SQLite file). The values are put into the environment
 * here so that the workers, which load this file again, see the same server.
 */
process.env.E2E_BINARY ??= resolve(import.meta.dirname, '../bin/fuelportal');
process.env.E2E_DB ??= `sqlite:${join(mkdtempSync(join(tmpdir(), 'fuelportal-e2e-')), 'e2e.db')}`;
// Below Linux's ephemeral ports (32768 and up), which outgoing connections take (scripts/test.sh passes free ones).
process.env.E2E_PORT ??= String(20000 + Math.floor(Math.random() * 12000));
// Shared secret of the card network feed (POST /api/network/transactions, X-Network-Key).
process.env.E2E_NETWORK_KEY ??= `e2e-network-${Math.random().toString(36).slice(2)}`;

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

/*
 * Payments and cards: with STRIPE_MOCK_URL (the test script starts stripe-mock) the server gets
 * test Stripe keys pointing at it and orders its cards from Stripe Issuing (the demo's cards stay
 * network cards, decided on the network feed), and a second server without keys (fresh SQLite)
 * serves the "not configured" spec at E2E_NOPAY_URL. Without STRIPE_MOCK_URL the one server has
 * no keys and the network issuer. E2E_ISSUING_WEBHOOK_SECRET signs the Issuing webhook's events.
 */
process.env.E2E_ISSUING_WEBHOOK_SECRET ??= `whsec_e2e_issuing_${Math.random().toString(36).slice(2)}`;
const stripeEnv: Record<string, string> = process.env.STRIPE_MOCK_URL
  ? {
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
      STRIPE_API_BASE: process.env.STRIPE_MOCK_URL,
      FUELPORTAL_ISSUER: 'stripe',
      STRIPE_ISSUING_ADDRESS: '100 Main St;Dallas;TX;75201;US',
      STRIPE_ISSUING_WEBHOOK_SECRET: process.env.E2E_ISSUING_WEBHOOK_SECRET,
    }
  : {};
// E2E_NOPAY=0: a run without the payments-not-configured spec (the phone run) starts no such server.
if (process.env.STRIPE_MOCK_URL && process.env.E2E_NOPAY !== '0') {
  process.env.E2E_NOPAY_PORT ??= String(Number(process.env.E2E_PORT) + 1);
  process.env.E2E_NOPAY_DB ??= `sqlite:${join(mkdtempSync(join(tmpdir(), 'fuelportal-e2e-nopay-')), 'e2e.db')}`;
  process.env.E2E_NOPAY_URL = `http://127.0.0.1:${process.env.E2E_NOPAY_PORT}`;
}
/*
 * Push and webhook receivers on loopback (push.spec.ts): only when the run asks for it
 * (E2E_ALLOW_PRIVATE=1, the phone run of scripts/test.sh). webhooks.spec.ts checks that private
 * addresses are refused and runs on the desktop, whose server never gets the setting.
 */
const privateEnv: Record<string, string> = process.env.E2E_ALLOW_PRIVATE === '1' ? { FUELPORTAL_WEBHOOK_ALLOW_PRIVATE: '1' } : {};
const withoutStripe = Object.fromEntries(
  Object.entries(process.env).filter(([name, value]) => value !== undefined && !name.includes('STRIPE_')),
) as Record<string, string>;

/** The owner's back-office flows: run on the desktop. Every other flow runs on the phone. */
const desktopFlows = specs(
  'card-controls', 'card-decline', 'contract-price', 'fleet-owner', 'ifta', 'national-map', 'order-card', 'owner-signup',
  'payments', 'payments-not-configured', 'planner', 'vehicles', 'webhooks', 'members', 'coding',
);
/** Specs that check both sizes. */
const bothSizes = specs('screens', 'drawer', 'ifta-overdue', 'audit', 'card-shipping');

function specs(...names: string[]): RegExp {
  return new RegExp(`/(${names.join('|')})\\.spec\\.ts$`);
}

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // Generous limits, the same for every test and expectation (none sets its own): a loaded host
  // stretches a cold MapLibre start or an argon2 sign-in to many seconds, and a limit only ends a
  // test that fails anyway (a passing one goes on as soon as its expectation holds), so no test
  // depends on the host's speed.
  timeout: 600_000,
  expect: { timeout: 90_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // A failed test keeps its trace: each action with the page's DOM before and after. Recording
    // one costs ~15 % of a test's CPU, so CI (which retries a failed test once) records it on that
    // retry only; a run by hand, with no retry, keeps every failed test's. The film of the screen
    // beside it (a JPEG of every frame the browser paints) is left out where nobody looks at
    // pictures (E2E_SCREENSHOTS=0, as in CI).
    trace: { mode: process.env.CI ? 'on-first-retry' : 'retain-on-failure', screenshots: process.env.E2E_SCREENSHOTS !== '0' },
    /*
     * No service worker, except in the specs about what it does (offline.spec.ts, push.spec.ts
     * allow it). Registered, it precaches the whole app (~190 files) in every test's fresh
     * context and stores every API answer for offline use: browser and server work no other
     * flow checks.
     */
    serviceWorkers: 'block',
    launchOptions: {
      // Never download a browser: use the system Chromium (docs/dependencies.md).
      executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  /*
   * Each flow runs at one size (docs/decisions.md, Phones): what a driver does on the phone, the
   * owner's back office on the desktop. screens.spec.ts opens every screen at both sizes, and
   * drawer.spec.ts checks the navigation of each. scripts/test.sh runs the phone project on
   * SQLite and the desktop project on PostgreSQL, side by side.
   */
  projects: [
    {
      name: 'phone',
      testIgnore: desktopFlows,
      // One device pixel per CSS pixel: layout (widths, wrapping, sideways scroll) is in CSS
      // pixels, and each extra pixel is software raster work for the browser (no GPU here).
      use: { browserName: 'chromium', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
    },
    { name: 'desktop', testMatch: [desktopFlows, bothSizes], use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } },
  ],
  webServer: [
    {
      command: `"${process.env.E2E_BINARY}" serve --addr 127.0.0.1:${process.env.E2E_PORT} --db "${process.env.E2E_DB}" --demo`,
      url: `${baseURL}/api/health`,
      env: { ...(process.env as Record<string, string>), FUELPORTAL_NETWORK_KEY: process.env.E2E_NETWORK_KEY!, ...stripeEnv, ...privateEnv },
      reuseExistingServer: false,
      timeout: 600_000, // the demo seed on a loaded host
      stdout: 'ignore',
      stderr: 'pipe',
    },
    ...(process.env.E2E_NOPAY_URL
      ? [
          {
            command: `"${process.env.E2E_BINARY}" serve --addr 127.0.0.1:${process.env.E2E_NOPAY_PORT} --db "${process.env.E2E_NOPAY_DB}" --demo`,
            url: `${process.env.E2E_NOPAY_URL}/api/health`,
            env: withoutStripe,
            reuseExistingServer: false,
            timeout: 600_000,
            stdout: 'ignore' as const,
            stderr: 'pipe' as const,
          },
        ]
      : []),
  ],
});
