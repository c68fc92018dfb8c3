// Lighthouse (mobile preset: Moto G power, slow 4G, 4x CPU slowdown) on the sign-in page, the
// owner's and the driver's dashboards, the transactions list, the IFTA return and the planner of
// the built binary with its demo data on a fresh SQLite file, in Debian's Chromium. Prints
// performance and accessibility per page, and the protocol the page's requests went over.
//
// It measures what production serves: HTTPS with HTTP/2 (the binary's --tls-cert/--tls-key on a
// self-signed certificate for 127.0.0.1, Chromium with --ignore-certificate-errors). Browsers
// speak HTTP/2 only over TLS; over cleartext HTTP/1.1 the first screens' dozens of small JS and CSS
// files queue for 6 connections, each turn a round trip of the simulated slow 4G. --http1
// measures the old way: plain http://127.0.0.1, HTTP/1.1.
//
//   cd web && npm run build && cd .. && CGO_ENABLED=0 go build -o bin/fuelportal ./cmd/fuelportal
//   node bench/lighthouse.mjs            (from the repository root; needs web/node_modules)
//
// Signed-in pages: the script signs in as the demo owner (the driver for driver-dashboard) through the API and puts the
// tokens where the app keeps them (localStorage), then runs Lighthouse without its
// storage reset. Goals: performance >= 90, accessibility >= 95.
//
//   node bench/lighthouse.mjs --runs 3 sign-in dashboard
// runs each named page (default: all of them) that many times and reports, per page, the run
// with the median performance score (every run's scores are printed too).
//
//   node bench/lighthouse.mjs --http1 dashboard
// the same over cleartext HTTP/1.1.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root, signInDemo, startDemoServer } from './demo-server.mjs';

const require = createRequire(join(root, 'web', 'package.json'));
const { default: lighthouse } = await import(require.resolve('lighthouse'));
const chromeLauncher = await import(require.resolve('chrome-launcher'));
const puppeteer = await import(require.resolve('puppeteer-core'));

const args = process.argv.slice(2);
const http1At = args.indexOf('--http1');
const http1 = http1At >= 0;
if (http1) args.splice(http1At, 1);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 1;

const { origin, dir, stop } = await startDemoServer('lighthouse', { tls: !http1 });
const emails = { owner: 'owner@demo.test', driver: 'driver@demo.test' };

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    ...(http1 ? [] : ['--ignore-certificate-errors']), // the demo server's self-signed certificate
  ],
});

async function setSession(signedIn) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.goto(`${origin}/robots.txt`);
  // Every run starts cold (a first visit): no service worker, no Cache Storage, no HTTP cache.
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await page.evaluate(async () => {
    for (const registration of (await navigator.serviceWorker?.getRegistrations()) ?? []) await registration.unregister();
    for (const key of await caches.keys()) await caches.delete(key);
  });
  await page.evaluate(
    (t) => {
      localStorage.clear();
      if (t) {
        localStorage.setItem('token', t.token);
        if (t.refreshToken) localStorage.setItem('refreshToken', t.refreshToken);
      }
    },
    // A fresh sign-in for each run: on a loaded host a run of every page outlasts an access token.
    signedIn ? await signInDemo(origin, emails[signedIn]) : null,
  );
  await page.close();
  await browser.disconnect();
}

const allPages = [
  { name: 'sign-in', path: '/', signedIn: false },
  { name: 'dashboard', path: '/dashboard', signedIn: 'owner' },
  { name: 'driver-dashboard', path: '/dashboard', signedIn: 'driver' },
  { name: 'transactions', path: '/transactions', signedIn: 'owner' },
  { name: 'ifta', path: '/ifta', signedIn: 'owner' },
  { name: 'planner', path: '/navigation', signedIn: 'owner' },
];
// The protocols ('h2', 'http/1.1') of the page's requests to the server, most used first.
function protocols(lhr) {
  const counts = new Map();
  for (const item of lhr.audits['network-requests']?.details?.items ?? []) {
    if (item.url.startsWith(`${origin}/`)) counts.set(item.protocol, (counts.get(item.protocol) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([protocol]) => protocol).join(' + ');
}

const pages = args.length ? allPages.filter((p) => args.includes(p.name)) : allPages;
const results = [];
const allRuns = [];
try {
  for (const page of pages.flatMap((p) => Array.from({ length: runs }, (_, run) => ({ ...p, run })))) {
    await setSession(page.signedIn);
    const run = await lighthouse(`${origin}${page.path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: true,
    });
    const { lhr } = run;
    const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
    const audit = (id) => lhr.audits[id]?.displayValue ?? '';
    const failing = Object.values(lhr.audits)
      .filter((a) => lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0) && a.score !== null && a.score < 1)
      .map((a) => a.id);
    allRuns.push({
      page: page.name,
      run: page.run + 1,
      finalUrl: lhr.finalDisplayedUrl,
      performance: score('performance'),
      accessibility: score('accessibility'),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      protocol: protocols(lhr),
      accessibilityFailures: failing,
    });
    writeFileSync(join(dir, `${page.name}-${page.run + 1}.json`), run.report);
  }
} finally {
  await chrome.kill();
  stop();
}
for (const page of pages) {
  const mine = allRuns.filter((r) => r.page === page.name).sort((a, b) => a.performance - b.performance);
  results.push(mine[Math.floor((mine.length - 1) / 2)]);
}
console.log(`Lighthouse ${lighthouse.version ?? ''} mobile preset, ${origin} (reports in ${dir})`);
if (runs > 1) console.table(allRuns.map(({ accessibilityFailures, finalUrl, ...r }) => r));
console.table(results.map(({ accessibilityFailures, ...r }) => r));
for (const r of results) if (r.accessibilityFailures.length) console.log(`${r.page} accessibility failures: ${r.accessibilityFailures.join(', ')}`);
for (const r of allRuns) if (new URL(r.finalUrl).pathname !== allPages.find((p) => p.name === r.page).path) console.log(`${r.page} run ${r.run} ended at ${r.finalUrl}: not a figure of the page`);
const missed = results.filter((r) => r.performance < 90 || r.accessibility < 95);
if (missed.length) {
  console.log(`Below the goals (performance >= 90, accessibility >= 95): ${missed.map((r) => r.page).join(', ')}`);
  process.exitCode = 1;
}
