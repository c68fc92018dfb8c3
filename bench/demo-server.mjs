// The built binary (bin/fuelportal) serving its demo data on a fresh SQLite file, for the
// browser benchmarks (lighthouse.mjs, first-load-trace.mjs): started on a random loopback
// port, waited for, stopped when the script exits; with the demo owner's tokens.
// FUELPORTAL_BIN names another binary (e.g. a baseline built from main, for before/after).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..');

/**
 * Starts the demo server; once /api/health answers, returns its origin, its data folder and stop().
 * With { tls: true } it serves HTTPS (HTTP/2 and HTTP/1.1) on a self-signed certificate for
 * 127.0.0.1 made in the data folder (openssl): a browser needs --ignore-certificate-errors, and
 * this module's requests to it (health, signInDemo) trust that certificate alone.
 */
export async function startDemoServer(name, { tls = false } = {}) {
  const port = 21000 + Math.floor(Math.random() * 9000);
  const origin = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), `fuelportal-${name}-`));
  const tlsArgs = [];
  if (tls) {
    const cert = join(dir, 'cert.pem');
    const key = join(dir, 'key.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'], { stdio: 'ignore' });
    tlsArgs.push('--tls-cert', cert, '--tls-key', key);
    await trustCertificate(origin, readFileSync(cert, 'utf8'));
  }
  const server = spawn(process.env.FUELPORTAL_BIN ?? join(root, 'bin', 'fuelportal'), ['serve', '--addr', `127.0.0.1:${port}`, '--db', `sqlite:${join(dir, `${name}.db`)}`, '--demo', ...tlsArgs], {
    env: { ...process.env, GOMEMLIMIT: '600MiB' },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  const stop = () => server.kill('SIGTERM');
  process.on('exit', stop);
  for (let i = 0; i < 240; i++) {
    try {
      if ((await request(origin, '/api/health')).ok) return { origin, dir, stop };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not come up');
}

// Node's fetch refuses a self-signed certificate: requests to an HTTPS demo server go through
// undici's fetch (from web/node_modules) with an agent that trusts that server's certificate.
const trusted = new Map(); // origin → { fetch, dispatcher }

async function trustCertificate(origin, ca) {
  const undici = await import(createRequire(join(root, 'web', 'package.json')).resolve('undici'));
  trusted.set(origin, { fetch: undici.fetch, dispatcher: new undici.Agent({ connect: { ca } }) });
}

/** fetch of origin + path, trusting the certificate of a demo server started with { tls: true }. */
function request(origin, path, init = {}) {
  const server = trusted.get(origin);
  return server ? server.fetch(origin + path, { ...init, dispatcher: server.dispatcher }) : fetch(origin + path, init);
}

/** The demo owner's tokens ({ token, refreshToken }) from POST /api/authenticate. */
export const signInDemoOwner = (origin) => signInDemo(origin, 'owner@demo.test');

/** The tokens of a demo account ({ token, refreshToken }; owner@demo.test, driver@demo.test) from POST /api/authenticate. */
export async function signInDemo(origin, email) {
  const login = await request(origin, '/api/authenticate', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: email, password: 'DemoPass1' }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  return login.json();
}

/**
 * A new browser context's page (puppeteer) as a phone of Lighthouse's size, signed in afresh as
 * the demo account `email` (on a loaded host the runs outlast an access token), with the HTTP cache
 * off: a cold first visit. Returns { context, page, cdp }.
 */
export async function coldSignedInPhonePage(browser, origin, email) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  await page.goto(`${origin}/robots.txt`);
  const tokens = await signInDemo(origin, email);
  await page.evaluate((t) => {
    localStorage.setItem('token', t.token);
    localStorage.setItem('refreshToken', t.refreshToken);
  }, tokens);
  const cdp = await page.createCDPSession();
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return { context, page, cdp };
}
