// Load-independent view of a signed-in page's cold first load (issue 13), beside Lighthouse's
// CPU-bound figures: in Debian's Chromium with 4x CPU slowdown and a slow-4G-like network
// (150 ms latency, 1.6 Mbit/s down), per run it prints the long tasks (over 50 ms: how many,
// their total and the longest), when each /api/ request started and ended (ms after
// navigation start), and when the page's content was on screen.
//
//   cd web && npm run build && cd .. && CGO_ENABLED=0 go build -o bin/fuelportal ./cmd/fuelportal
//   node bench/first-load-trace.mjs [--runs N] [dashboard] [transactions]
//
// Every run is cold (no service worker, no HTTP cache), signed in as the demo owner.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root, signInDemoOwner, startDemoServer } from './demo-server.mjs';

const require = createRequire(join(root, 'web', 'package.json'));
const puppeteer = await import(require.resolve('puppeteer-core'));

const { origin } = await startDemoServer('trace');
const tokens = await signInDemoOwner(origin);

/** What shows that the page's data is on screen. */
const pages = {
  dashboard: { path: '/dashboard', ready: '[data-testid="wallet-balance"]' },
  transactions: { path: '/transactions', ready: '[data-testid^="transaction-row"], [data-testid="transactions-empty"]' },
};
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 3;
const names = args.length ? args : Object.keys(pages);

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const rows = [];
try {
  for (const name of names) {
    for (let run = 1; run <= runs; run++) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
      await page.goto(`${origin}/robots.txt`);
      await page.evaluate((t) => {
        localStorage.setItem('token', t.token);
        localStorage.setItem('refreshToken', t.refreshToken);
      }, tokens);
      const cdp = await page.createCDPSession();
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.evaluateOnNewDocument(() => {
        window.__longTasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
        }).observe({ type: 'longtask', buffered: true });
      });
      await page.goto(`${origin}${pages[name].path}`, { waitUntil: 'domcontentloaded' });
      await page.waitForSelector(pages[name].ready, { visible: true, timeout: 60000 });
      const readyAt = await page.evaluate(() => performance.now());
      await new Promise((r) => setTimeout(r, 1500));
      const measured = await page.evaluate(() => ({
        longTasks: window.__longTasks,
        api: performance
          .getEntriesByType('resource')
          .filter((e) => new URL(e.name).pathname.startsWith('/api/'))
          .map((e) => ({ path: new URL(e.name).pathname, start: Math.round(e.startTime), end: Math.round(e.responseEnd) })),
      }));
      const tasks = measured.longTasks.filter((t) => t.start < readyAt);
      const firstApi = Math.min(...measured.api.map((a) => a.start));
      rows.push({
        page: name,
        run,
        longTasks: tasks.length,
        longTaskMs: Math.round(tasks.reduce((s, t) => s + t.duration, 0)),
        longestMs: Math.round(Math.max(0, ...tasks.map((t) => t.duration))),
        firstApiStart: firstApi,
        lastApiEnd: Math.max(...measured.api.map((a) => a.end)),
        contentShown: Math.round(readyAt),
      });
      if (run === 1) console.log(name, 'API requests (start-end ms):', measured.api.map((a) => `${a.path} ${a.start}-${a.end}`).join(', '));
      await context.close();
    }
  }
} finally {
  await browser.close();
}
console.table(rows);
