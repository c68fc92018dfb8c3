// Sums the gzipped size of the JavaScript and CSS the sign-in page loads before it
// shows (every script, module preload and style sheet dist/index.html names: the entry
// chunk with the light sign-in page, with their static imports and CSS from Vite's build
// manifest) and fails above the budget (at most 170 KB gzipped).
// The app itself (src/start.tsx and its imports, index.html's <meta name="app-modules">)
// is not loaded up front by the sign-in page: it is asked for on the first keystroke or
// press, and runs after a sign-in or a followed link (src/main.tsx). Its size is printed
// apart; every other page loads it at once (public/boot.js).
//
// Every signed-in route's first load (what index.html loads, the app, the shell and the route's
// own chunks, with their CSS: dist/.vite/route-files.json, written by vite.config.ts's
// signedInRoutes) is held to its own budget too, ROUTE_BUDGETS (gzipped, like the above):
// bytes are deterministic, so a page that grows fails here rather than in a Lighthouse run.
// Run after `vite build`; prints every lazy chunk's size too.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 170 * 1024;

/**
 * Each signed-in route's first-load JS+CSS, gzipped: at most this many KB (the build of
 * 2026-12-08 plus 1 KB, with the UI libraries many pages share in one chunk, vite.config.ts; this script
 * prints the sizes). The planner's includes its map (MapLibre).
 * A feature's texts load with its own page's code (src/lib/i18n/texts), so a new feature's namespace
 * no longer weighs on every route.
 */
export const ROUTE_BUDGETS_KB = {
  transactions: 306,
  'dashboard-owner': 316,
  'dashboard-driver': 330,
  'transaction-detail': 306,
  planner: 672,
  trips: 350,
  compliance: 350,
  settings: 345,
  notifications: 301,
  'fuel-cards': 372,
  alerts: 305,
  integrations: 343,
  vehicles: 348,
  ifta: 299,
  members: 336,
  coding: 299,
  statements: 295,
};

/** Routes over their budget (or with none), as messages; the sizes of all of them. */
export function checkRoutes(routeFiles, sizeOf, budgets = ROUTE_BUDGETS_KB) {
  const sizes = Object.entries(routeFiles).map(([route, files]) => ({ route, bytes: files.reduce((sum, file) => sum + sizeOf(file), 0), files: files.length }));
  const failures = [];
  for (const { route, bytes } of sizes) {
    const budget = budgets[route];
    if (budget === undefined) failures.push(`The route ${route} has no byte budget (scripts/check-bundle-size.mjs ROUTE_BUDGETS_KB).`);
    else if (bytes > budget * 1024) failures.push(`The route ${route} loads ${kb(bytes)} gzipped at first, over its ${kb(budget * 1024)} budget.`);
  }
  for (const route of Object.keys(budgets)) if (!(route in routeFiles)) failures.push(`The budgeted route ${route} is not built (vite.config.ts signedInRoutes).`);
  return { sizes, failures };
}
const dist = new URL('../dist/', import.meta.url);

/**
 * The files index.html loads up front: its entry chunk and every asset it preloads (the app
 * that src/main.tsx starts, vite.config.ts preloadAppStart), each with its static imports and CSS.
 */
export function initialFiles(manifest, indexHtml = '') {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
  if (!entry) throw new Error('no index.html entry in the build manifest');
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const named = [...indexHtml.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]);
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  for (const file of named) {
    if (keyOfFile.has(file)) visit(keyOfFile.get(file));
    else files.add(file);
  }
  return [...files];
}

export const gzipSize = (file) => gzipSync(readFileSync(new URL(file, dist)), { level: 9 }).length;

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));
  const indexHtml = readFileSync(new URL('index.html', dist), 'utf8');
  const initial = initialFiles(manifest, indexHtml);
  let total = 0;
  console.log('Sign-in page, loaded up front (gzipped):');
  for (const file of initial) {
    const size = gzipSize(file);
    total += size;
    console.log(`  ${kb(size).padStart(9)}  ${file}`);
  }
  console.log(`  ${kb(total).padStart(9)}  total (budget ${kb(BUDGET_BYTES)})`);
  const appModules = indexHtml.match(/<meta name="app-modules" content="([^"]*)"/)?.[1].split(' ').filter(Boolean) ?? [];
  const app = appModules.reduce((sum, file) => sum + gzipSize(file.slice(1)), 0);
  console.log(`The app, after a sign-in or a followed link (app-modules, ${appModules.length} files): ${kb(app)}`);
  console.log('Loaded when their route opens (gzipped, own files only):');
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry || initial.includes(chunk.file)) continue;
    const own = [chunk.file, ...(chunk.css ?? [])].reduce((sum, file) => sum + gzipSize(file), 0);
    console.log(`  ${kb(own).padStart(9)}  ${chunk.name ?? key} (${key})`);
  }
  const failures = [];
  if (total > BUDGET_BYTES) failures.push(`The sign-in page loads ${kb(total)} gzipped, over the ${kb(BUDGET_BYTES)} budget.`);
  const routes = checkRoutes(JSON.parse(readFileSync(new URL('.vite/route-files.json', dist), 'utf8')), gzipSize);
  console.log('Signed-in routes, first load (gzipped JS+CSS: index.html, the app, the shell, the route):');
  for (const { route, bytes, files } of routes.sizes) {
    const budget = ROUTE_BUDGETS_KB[route];
    console.log(`  ${kb(bytes).padStart(9)}  ${route} (${files} files; budget ${budget === undefined ? 'none' : kb(budget * 1024)})`);
  }
  failures.push(...routes.failures);
  for (const failure of failures) console.error(failure);
  if (failures.length) process.exit(1);
}
