// Sign-in click to a usable dashboard, as a person does it: a cold browser (no service worker,
// no HTTP cache) opens the sign-in page, types the demo owner's credentials (the first key press
// downloads the app, src/main.tsx), clicks Log in, and the time runs until the dashboard shows
// the wallet's balance (its largest figure) with the page's heading focused. No throttling: this
// host's own CPU and loopback, in Debian's Chromium; prints each run and the median.
//
//   cd web && npm run build && cd .. && CGO_ENABLED=0 go build -o bin/fuelportal ./cmd/fuelportal
//   node bench/signin-to-dashboard.mjs [--runs N] [--cpu 4]
//
// --cpu N slows the page's CPU N times (DevTools' CPU throttling), as Lighthouse's mobile preset does.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { root, startDemoServer } from './demo-server.mjs';

const require = createRequire(join(root, 'web', 'package.json'));
const puppeteer = await import(require.resolve('puppeteer-core'));

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const runs = option('--runs', 5);
const cpu = option('--cpu', 1);

const { origin } = await startDemoServer('signin');
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const times = [];
try {
  for (let run = 1; run <= runs; run++) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.setViewport({ width: 390, height: 844, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const cdp = await page.createCDPSession();
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await page.goto(`${origin}/`, { waitUntil: 'load' });
    await page.type('input[name="username"]', 'owner@demo.test');
    await page.type('input[name="password"]', 'DemoPass1');
    // The app's code, asked for on the first key press, has had the typing's time to download.
    const clickedAt = await page.evaluate(() => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Log in');
      button.click();
      return performance.now();
    });
    await page.waitForFunction(
      () => {
        const balance = document.querySelector('[data-testid="wallet-balance"]');
        return balance && balance.getBoundingClientRect().height > 0 && document.activeElement?.tagName === 'H1';
      },
      { timeout: 60000, polling: 'raf' },
    );
    const usableAt = await page.evaluate(() => performance.now());
    times.push(Math.round(usableAt - clickedAt));
    console.log(`run ${run}: ${times.at(-1)} ms from the click to a usable dashboard`);
    await context.close();
  }
} finally {
  await browser.close();
}
const sorted = [...times].sort((a, b) => a - b);
console.log(`median ${sorted[Math.floor((sorted.length - 1) / 2)]} ms (${runs} runs, CPU ×${cpu})`);
process.exit();
