// React's commits during a signed-in page's cold first load, unthrottled (as Lighthouse records
// the load it simulates): per commit, when it happened (ms after navigation start), and which of
// the app's components rendered in it (new or re-rendered; a memoised part that bailed out is not
// listed), up to the largest contentful paint and a while after. Read through React's DevTools
// hook (present in production builds too); build with `npx vite build --minify false` for the
// components' names.
//
//   node bench/first-load-commits.mjs [--runs N] [dashboard] [driver-dashboard] [ifta] [planner] [transactions]
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { coldSignedInPhonePage, root, startDemoServer } from './demo-server.mjs';

const require = createRequire(join(root, 'web', 'package.json'));
const puppeteer = await import(require.resolve('puppeteer-core'));
const { origin } = await startDemoServer('commits');

const pages = {
  dashboard: { path: '/dashboard', email: 'owner@demo.test' },
  'driver-dashboard': { path: '/dashboard', email: 'driver@demo.test' },
  transactions: { path: '/transactions', email: 'owner@demo.test' },
  ifta: { path: '/ifta', email: 'owner@demo.test' },
  planner: { path: '/navigation', email: 'owner@demo.test' },
};
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args.splice(runsAt, 2)[1]) : 1;
const names = args.length ? args : Object.keys(pages);

/** Runs in the page before its scripts: a DevTools hook that records every commit. */
function recordCommits() {
  window.__commits = [];
  window.__lcp = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__lcp.push({ at: e.startTime, element: e.element?.dataset?.testid ?? e.element?.className ?? '' });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  let previous = new Set();
  const nameOf = (fiber) => {
    const type = fiber.type;
    if (!type) return null;
    if (typeof type === 'function') return type.displayName || type.name || 'anonymous';
    if (type.render) return type.displayName || type.render.displayName || type.render.name || 'forwardRef';
    if (type.type) return type.displayName || type.type.displayName || type.type.name || 'memo';
    return null;
  };
  // FunctionComponent 0, ClassComponent 1, ForwardRef 11, MemoComponent 14, SimpleMemoComponent 15.
  const components = new Set([0, 1, 11, 14, 15]);
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) {
      this.renderers.set(1, renderer);
      return 1;
    },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      const at = performance.now();
      const seen = new Set();
      const rendered = new Map();
      // Components that rendered while the component above them did not (a re-render's causes:
      // their own state, a store subscription or a context's new value), with those above them.
      const origins = new Map();
      let hosts = 0;
      // Each fiber with whether the nearest component above it rendered in this commit.
      const stack = [[root.current, true]];
      while (stack.length) {
        const [fiber, parentRendered] = stack.pop();
        seen.add(fiber);
        // The same fiber object as in the last commit: that subtree was not rendered again.
        if (previous.has(fiber)) continue;
        let renderedHere = parentRendered;
        if (components.has(fiber.tag)) {
          renderedHere = Boolean(fiber.flags & 1);
          const name = nameOf(fiber);
          if (renderedHere && name) {
            rendered.set(name, (rendered.get(name) ?? 0) + 1);
            if (!parentRendered && fiber.alternate) {
              // A context whose value it read changed since its last render: named after the context.
              const before = new Map();
              for (let d = fiber.alternate.dependencies?.firstContext; d; d = d.next) before.set(d.context, d.memoizedValue);
              const changed = [];
              for (let d = fiber.dependencies?.firstContext; d; d = d.next)
                if (before.has(d.context) && before.get(d.context) !== d.memoizedValue) changed.push(d.context.displayName || Object.keys(d.memoizedValue ?? {}).slice(0, 3).join('/') || 'context');
              const key = changed.length ? `${name}(${changed.join(',')})` : name;
              origins.set(key, (origins.get(key) ?? 0) + 1);
            }
          }
        } else if (fiber.tag === 5 && !fiber.alternate) hosts++;
        for (let child = fiber.child; child; child = child.sibling) stack.push([child, renderedHere]);
      }
      previous = seen;
      window.__commits.push({ at, rendered: [...rendered], origins: [...origins], newHostElements: hosts });
    },
  };
}

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  for (const name of names) {
    for (let run = 1; run <= runs; run++) {
      const { context, page, cdp } = await coldSignedInPhonePage(browser, origin, pages[name].email);
      await page.evaluateOnNewDocument(recordCommits);
      await page.goto(`${origin}${pages[name].path}`, { waitUntil: 'domcontentloaded' });
      await new Promise((r) => setTimeout(r, 3000));
      const { commits, lcp } = await page.evaluate(() => ({ commits: window.__commits, lcp: window.__lcp.at(-1) }));
      console.log(`\n${name} run ${run}: ${commits.length} commits, LCP ${Math.round(lcp?.at ?? 0)} ms (${lcp?.element}), ${commits.filter((c) => c.at <= (lcp?.at ?? 0)).length} commits before it`);
      for (const c of commits) {
        const list = c.rendered.map(([n, count]) => (count > 1 ? `${n}×${count}` : n)).join(' ');
        const total = c.rendered.reduce((s, [, count]) => s + count, 0);
        const origins = c.origins.map(([n, count]) => (count > 1 ? `${n}×${count}` : n)).join(' ');
        console.log(`  ${Math.round(c.at)} ms${c.at > (lcp?.at ?? Infinity) ? ' (after LCP)' : ''}: ${total} components, ${c.newHostElements} new elements: ${list.slice(0, 1500)}`);
        if (origins) console.log(`    re-rendered on their own: ${origins.slice(0, 600)}`);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
process.exit();
