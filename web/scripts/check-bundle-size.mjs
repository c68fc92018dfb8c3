// Sums the gzipped size of the JavaScript and CSS the sign-in page loads before it
// shows (every script, module preload and style sheet dist/index.html names: the entry
// chunk with the light sign-in page, with their static imports and CSS from Vite's build
// manifest) and fails above the budget (at most 170 KB gzipped).
// The app itself (src/start.tsx and its imports, index.html's <meta name="app-modules">)
// is not loaded up front by the sign-in page: it is asked for on the first keystroke or
// press, and runs after a sign-in or a followed link (src/main.tsx). Its size is printed
// apart; every other page loads it at once (public/boot.js).
// Run after `vite build`; prints every lazy chunk's size too.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 170 * 1024;
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
  if (total > BUDGET_BYTES) {
    console.error(`The sign-in page loads ${kb(total)} gzipped, over the ${kb(BUDGET_BYTES)} budget.`);
    process.exit(1);
  }
}
