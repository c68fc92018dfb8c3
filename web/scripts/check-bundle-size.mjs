// Sums the gzipped size of the JavaScript and CSS the sign-in page loads before it
// shows (the entry chunk, its static imports and their CSS, from Vite's build
// manifest) and fails above the budget (at most 170 KB gzipped).
// Run after `vite build`; prints every lazy chunk's size too.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 170 * 1024;
const dist = new URL('../dist/', import.meta.url);

/** The files index.html loads up front: the entry chunk and its static imports, with their CSS. */
export function initialFiles(manifest) {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
  if (!entry) throw new Error('no index.html entry in the build manifest');
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
  return [...files];
}

export const gzipSize = (file) => gzipSync(readFileSync(new URL(file, dist)), { level: 9 }).length;

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));
  const initial = initialFiles(manifest);
  let total = 0;
  console.log('Sign-in page, loaded up front (gzipped):');
  for (const file of initial) {
    const size = gzipSize(file);
    total += size;
    console.log(`  ${kb(size).padStart(9)}  ${file}`);
  }
  console.log(`  ${kb(total).padStart(9)}  total (budget ${kb(BUDGET_BYTES)})`);
  console.log('Loaded when their route opens (gzipped, own files only):');
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    const own = [chunk.file, ...(chunk.css ?? [])].reduce((sum, file) => sum + gzipSize(file), 0);
    console.log(`  ${kb(own).padStart(9)}  ${chunk.name ?? key} (${key})`);
  }
  if (total > BUDGET_BYTES) {
    console.error(`The sign-in page loads ${kb(total)} gzipped, over the ${kb(BUDGET_BYTES)} budget.`);
    process.exit(1);
  }
}
