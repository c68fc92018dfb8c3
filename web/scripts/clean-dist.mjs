// Empties dist/ but keeps dist/.keep, which the Go embed directive needs.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';

const dist = new URL('../dist/', import.meta.url);
mkdirSync(dist, { recursive: true });
for (const name of readdirSync(dist)) {
  if (name !== '.keep') rmSync(new URL(name, dist), { recursive: true, force: true });
}
writeFileSync(new URL('.keep', dist), '');
