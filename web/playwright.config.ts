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
process.env.E2E_PORT ??= String(20000 + Math.floor(Math.random() * 20000));

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      // Never download a browser: use the system Chromium (DEPENDENCIES.md).
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
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: `"${process.env.E2E_BINARY}" serve --addr 127.0.0.1:${process.env.E2E_PORT} --db "${process.env.E2E_DB}" --demo`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
