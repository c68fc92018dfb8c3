// Load-independent view of a signed-in page's cold first load, beside Lighthouse's
// CPU-bound figures: in Debian's Chromium with 4x CPU slowdown and a slow-4G-like network
// (150 ms latency, 1.6 Mbit/s down), per run it prints the long tasks (over 50 ms: how many,
// their total and the longest), when each /api/ request started and ended (ms after
// navigation start), and when the page's content was on screen.
//
//   cd web && npm run build && cd .. && CGO_ENABLED=0 go build -o bin/fuelportal ./cmd/fuelportal
//   node bench/first-load-trace.mjs [--runs N] [--profile] [dashboard] [transactions] [planner]
//
// --profile also records a Chromium trace with CPU samples of each run and prints, per long task,
// its main-thread events (script evaluation, style, layout) and the functions and scripts that
// took its time (self time, sampled). Build the web app with `npx vite build --minify false` for
// readable function names.
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
  // The planner is usable once its destination field takes input.
  planner: { path: '/navigation', ready: '#planner-destination:not([disabled])' },
};
const args = process.argv.slice(2);
const profileAt = args.indexOf('--profile');
const profile = profileAt >= 0 && Boolean(args.splice(profileAt, 1));
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
      if (profile) {
        await page.tracing.start({
          categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'toplevel', 'blink.user_timing'],
        });
      }
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
      if (profile) printLongTasks(JSON.parse(new TextDecoder().decode(await page.tracing.stop())).traceEvents, `${name} run ${run}`);
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
// Tracing leaves a handle open in puppeteer after the browser closes: end here (demo-server.mjs
// stops the server on exit).
process.exit();

/** Per long task (over 50 ms) of the page's main thread: its top trace events and sampled self time by function and by script. */
function printLongTasks(events, label) {
  const nav = events.find((e) => e.name === 'navigationStart' && /\/(dashboard|transactions|navigation)/.test(e.args?.data?.documentLoaderURL ?? ''));
  if (!nav) return;
  const onMain = (e) => e.pid === nav.pid && e.tid === nav.tid;
  const tasks = events.filter((e) => e.name === 'RunTask' && onMain(e) && e.dur >= 50_000 && e.ts >= nav.ts);
  const profileEvent = events.find((e) => e.name === 'Profile' && onMain(e));
  const nodes = new Map();
  const samples = [];
  let at = profileEvent?.args.data.startTime ?? 0;
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || e.id !== profileEvent?.id || e.pid !== nav.pid) continue;
    const cpu = e.args.data.cpuProfile ?? {};
    for (const node of cpu.nodes ?? []) nodes.set(node.id, node);
    (cpu.samples ?? []).forEach((id, i) => samples.push({ id, ts: (at += e.args.data.timeDeltas[i]) }));
  }
  const ms = (us) => Math.round(us / 1000);
  const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${ms(v)} ${k}`).join(', ');
  console.log(`${label}: ${tasks.length} long tasks`);
  for (const task of tasks) {
    const byEvent = new Map();
    for (const e of events) {
      if (!onMain(e) || e.ph !== 'X' || e === task || e.name === 'RunTask' || e.ts < task.ts || e.ts + (e.dur ?? 0) > task.ts + task.dur) continue;
      byEvent.set(e.name, (byEvent.get(e.name) ?? 0) + (e.dur ?? 0));
    }
    const byFunction = new Map();
    const byScript = new Map();
    const inside = samples.filter((s) => s.ts >= task.ts && s.ts <= task.ts + task.dur);
    for (let i = 0; i + 1 < inside.length; i++) {
      const frame = nodes.get(inside[i].id)?.callFrame;
      if (!frame) continue;
      const dt = inside[i + 1].ts - inside[i].ts;
      const script = (frame.url ?? '').split('/').pop() || frame.functionName;
      const fn = `${frame.functionName || '(anonymous)'} ${script}${frame.url ? `:${frame.lineNumber}` : ''}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + dt);
      byScript.set(script, (byScript.get(script) ?? 0) + dt);
    }
    console.log(`  ${ms(task.ts - nav.ts)} ms, ${ms(task.dur)} ms long`);
    console.log(`    events: ${top(byEvent, 6)}`);
    console.log(`    scripts: ${top(byScript, 6)}`);
    console.log(`    functions: ${top(byFunction, 8)}`);
  }
}
