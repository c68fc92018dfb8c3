// Load-independent view of a signed-in page's cold first load, beside Lighthouse's
// CPU-bound figures: in Debian's Chromium with 4x CPU slowdown and a slow-4G-like network
// (150 ms latency, 1.6 Mbit/s down), per run it prints the long tasks (over 50 ms: how many,
// their total and the longest), when each /api/ request started and ended (ms after
// navigation start), when the page's content was on screen, the largest contentful paint and
// the main thread's busy time before it (every task's time, long or not) and after it.
//
//   cd web && npm run build && cd .. && CGO_ENABLED=0 go build -o bin/fuelportal ./cmd/fuelportal
//   node bench/first-load-trace.mjs [--runs N] [--profile] [--as-lighthouse] [dashboard] [driver-dashboard] [transactions] [ifta] [planner]
//
// --as-lighthouse loads unthrottled, as Lighthouse records the load it then simulates (4x CPU,
// slow 4G): its simulation keeps the main thread's tasks of 10 ms or more (shorter ones mostly
// drop out of its graph) and counts those before the LCP observed here four times over, so
// "main before LCP" and its tasks of 10 ms or more are the figures to compare between builds on
// a loaded host, with tbtFromCpu (Lighthouse's blocking-time rule on each task's CPU time); --profile then details every task of 10 ms or more instead of 50.
// --profile also records CPU samples of each run and prints, per long task, its main-thread
// events (script evaluation, style, layout) and the functions and scripts that took its time
// (self time, sampled), and the same for everything before the largest contentful paint. Build
// the web app with `npx vite build --minify false` for readable function names.
//
// Every run is cold (no service worker, no HTTP cache), signed in as the demo owner (the
// driver for driver-dashboard).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { coldSignedInPhonePage, root, startDemoServer } from './demo-server.mjs';

const require = createRequire(join(root, 'web', 'package.json'));
const puppeteer = await import(require.resolve('puppeteer-core'));

const { origin } = await startDemoServer('trace');

/** Who opens the page, and what shows that its data is on screen. */
const pages = {
  dashboard: { path: '/dashboard', email: 'owner@demo.test', ready: '[data-testid="wallet-balance"]' },
  'driver-dashboard': { path: '/dashboard', email: 'driver@demo.test', ready: '[data-testid="total-spendings-amount"]' },
  transactions: { path: '/transactions', email: 'owner@demo.test', ready: '[data-testid^="transaction-row"], [data-testid="transactions-empty"]' },
  ifta: { path: '/ifta', email: 'owner@demo.test', ready: '[data-testid="ifta-totals"]' },
  // The planner is usable once its destination field takes input.
  planner: { path: '/navigation', email: 'owner@demo.test', ready: '#planner-destination:not([disabled])' },
};
const args = process.argv.slice(2);
const flag = (name) => {
  const at = args.indexOf(name);
  return at >= 0 && Boolean(args.splice(at, 1));
};
const profile = flag('--profile');
const asLighthouse = flag('--as-lighthouse');
/** A task this long or longer is detailed by --profile (and counted before the LCP). */
const longTaskMs = asLighthouse ? 10 : 50;
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
      const { context, page, cdp } = await coldSignedInPhonePage(browser, origin, pages[name].email);
      if (!asLighthouse) {
        await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      }
      await page.evaluateOnNewDocument(() => {
        window.__longTasks = [];
        window.__lcp = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
        }).observe({ type: 'longtask', buffered: true });
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__lcp.push({ at: e.startTime, size: e.size, element: e.element?.dataset?.testid ?? e.element?.className ?? '' });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      // Always traced (the main thread's tasks); the CPU samples only with --profile.
      await page.tracing.start({
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'blink.user_timing'].concat(
          profile ? ['v8.execute', 'disabled-by-default-v8.cpu_profiler'] : [],
        ),
      });
      await page.goto(`${origin}${pages[name].path}`, { waitUntil: 'domcontentloaded' });
      await page.waitForSelector(pages[name].ready, { visible: true, timeout: 60000 });
      const readyAt = await page.evaluate(() => performance.now());
      await new Promise((r) => setTimeout(r, 1500));
      const measured = await page.evaluate(() => ({
        longTasks: window.__longTasks,
        lcp: window.__lcp.at(-1),
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        api: performance
          .getEntriesByType('resource')
          .filter((e) => new URL(e.name).pathname.startsWith('/api/'))
          .map((e) => ({ path: new URL(e.name).pathname, start: Math.round(e.startTime), end: Math.round(e.responseEnd) })),
      }));
      const events = JSON.parse(new TextDecoder().decode(await page.tracing.stop())).traceEvents;
      const lcpAt = measured.lcp?.at ?? readyAt;
      const busy = mainThreadBusy(events, pages[name].path, lcpAt);
      const blocking = blockingFromCpu(events, pages[name].path, measured.fcp ?? 0);
      if (profile) printLongTasks(events, `${name} run ${run}`, pages[name].path, lcpAt);
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
        lcp: Math.round(lcpAt),
        lcpElement: measured.lcp?.element ?? '',
        mainBeforeLcpMs: busy.before,
        mainCpuBeforeLcpMs: busy.cpuBefore,
        [`tasks${longTaskMs}BeforeLcp`]: `${busy.longBefore} (${busy.longBeforeMs} ms)`,
        mainAfterLcpMs: busy.after,
        tbtFromCpu: blocking,
        [`tasks${longTaskMs}AfterLcp`]: `${busy.longAfter} (${busy.longAfterMs} ms)`,
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

/** The page's navigation start in the trace (the robots.txt visit before it is another). */
function pageNavigation(events, path) {
  return events.find((e) => e.name === 'navigationStart' && (e.args?.data?.documentLoaderURL ?? '').endsWith(path));
}

/**
 * The main thread's busy time (top-level tasks, ms) from navigation start to the LCP and from it
 * to the end of the trace, and its tasks of longTaskMs or more that started before and after it.
 */
function mainThreadBusy(events, path, lcpAt) {
  const nav = pageNavigation(events, path);
  if (!nav) return { before: NaN, cpuBefore: NaN, after: NaN, longBefore: NaN, longBeforeMs: NaN, longAfter: NaN, longAfterMs: NaN };
  const lcpTs = nav.ts + lcpAt * 1000;
  const busy = { before: 0, after: 0, cpuBefore: 0, longBefore: 0, longBeforeMs: 0, longAfter: 0, longAfterMs: 0 };
  for (const e of events) {
    if (e.name !== 'RunTask' || e.pid !== nav.pid || e.tid !== nav.tid || !(e.dur >= 0) || e.ts + e.dur < nav.ts) continue;
    const start = Math.max(e.ts, nav.ts);
    const end = e.ts + e.dur;
    busy.before += Math.max(0, Math.min(end, lcpTs) - start);
    // The thread's own CPU time (tdur): on a loaded host a task's wall time also holds its waits for a core.
    if (e.ts < lcpTs && e.tdur !== undefined) busy.cpuBefore += e.tdur * (Math.max(0, Math.min(end, lcpTs) - start) / Math.max(1, e.dur));
    busy.after += Math.max(0, end - Math.max(start, lcpTs));
    if (e.dur >= longTaskMs * 1000) {
      if (e.ts < lcpTs) {
        busy.longBefore++;
        busy.longBeforeMs += e.dur;
      } else {
        busy.longAfter++;
        busy.longAfterMs += e.dur;
      }
    }
  }
  const ms = (us) => Math.round(us / 1000);
  return { ...busy, before: ms(busy.before), cpuBefore: ms(busy.cpuBefore), after: ms(busy.after), longBeforeMs: ms(busy.longBeforeMs), longAfterMs: ms(busy.longAfterMs) };
}

/**
 * Lighthouse's Total Blocking Time rule (each task's time past 50 ms, after the first contentful
 * paint) applied to every main-thread task's own CPU time (tdur) times the CPU slowdown (4 with
 * --as-lighthouse, whose load is unthrottled; 1 otherwise): unlike the wall time it does not
 * grow when the host is loaded, so builds compare on a busy host. Lighthouse's simulation also
 * moves tasks along its own network timing, so its figure differs; the trend is the same.
 */
function blockingFromCpu(events, path, fcpAt) {
  const nav = pageNavigation(events, path);
  if (!nav) return NaN;
  const slowdown = asLighthouse ? 4 : 1;
  let blocking = 0;
  for (const e of events) {
    if (e.name !== 'RunTask' || e.pid !== nav.pid || e.tid !== nav.tid || e.tdur === undefined || e.ts < nav.ts + fcpAt * 1000) continue;
    blocking += Math.max(0, (slowdown * e.tdur) / 1000 - 50);
  }
  return Math.round(blocking);
}

/**
 * Per long task (longTaskMs or more) of the page's main thread: its top trace events and sampled self time
 * by function and by script; then the same for all the main thread's work before the LCP.
 */
function printLongTasks(events, label, path, lcpAt) {
  const nav = pageNavigation(events, path);
  if (!nav) return;
  const onMain = (e) => e.pid === nav.pid && e.tid === nav.tid;
  const tasks = events.filter((e) => e.name === 'RunTask' && onMain(e) && e.dur >= longTaskMs * 1000 && e.ts >= nav.ts);
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
  console.log(`${label}: ${tasks.length} tasks of ${longTaskMs} ms or more`);
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
  const lcpTs = nav.ts + lcpAt * 1000;
  const byFunction = new Map();
  const byScript = new Map();
  const before = samples.filter((s) => s.ts >= nav.ts && s.ts <= lcpTs);
  for (let i = 0; i + 1 < before.length; i++) {
    const frame = nodes.get(before[i].id)?.callFrame;
    if (!frame || frame.functionName === '(idle)' || frame.functionName === '(program)') continue;
    const dt = before[i + 1].ts - before[i].ts;
    const script = (frame.url ?? '').split('/').pop() || frame.functionName;
    const fn = `${frame.functionName || '(anonymous)'} ${script}${frame.url ? `:${frame.lineNumber}` : ''}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + dt);
    byScript.set(script, (byScript.get(script) ?? 0) + dt);
  }
  const byEvent = new Map();
  for (const e of events) {
    if (e.pid !== nav.pid || e.tid !== nav.tid || e.ph !== 'X' || e.name === 'RunTask' || e.ts < nav.ts || e.ts > lcpTs) continue;
    byEvent.set(e.name, (byEvent.get(e.name) ?? 0) + (e.dur ?? 0));
  }
  // The same samples by function with what it called (each sample counted once per function on its stack).
  const withCallees = new Map();
  for (let i = 0; i + 1 < before.length; i++) {
    const dt = before[i + 1].ts - before[i].ts;
    const onStack = new Set();
    for (let node = nodes.get(before[i].id); node; node = nodes.get(node.parent)) {
      const frame = node.callFrame;
      if (!frame?.url) continue;
      onStack.add(`${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber}`);
    }
    for (const fn of onStack) withCallees.set(fn, (withCallees.get(fn) ?? 0) + dt);
  }
  console.log(`  before the LCP (${Math.round(lcpAt)} ms):`);
  console.log(`    events: ${top(byEvent, 10)}`);
  console.log(`    scripts: ${top(byScript, 10)}`);
  console.log(`    functions: ${top(byFunction, 25)}`);
  console.log(`    functions with their callees: ${top(withCallees, 60)}`);
}
