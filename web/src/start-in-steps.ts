/**
 * Starts the app (src/start.tsx) with the largest parts of its module graph evaluated first, one
 * per task. Imported at once, the app's modules ran in one task (~290-470 ms on a phone, all of it
 * Total Blocking Time); each step below evaluates a part of that graph (with the libraries it
 * imports), and the browser may paint and handle input between them. A module already evaluated
 * is not run again by a later import. The steps are the app's own modules, not library entry
 * points: a library's whole namespace, imported dynamically, could not be tree-shaken.
 * Every step's chunk is in index.html's app-modules list (vite.config.ts), which public/boot.js
 * asks for as before.
 */
const steps: (() => Promise<unknown>)[] = [
  // MUI's styled engine (emotion) and system, and the app's theme.
  () => import('@/lib/theme'),
  // Redux, immer, RTK Query with the app's api and its base query, the session's slice.
  () => import('@/app/store'),
  () => import('@/lib/i18n'),
  // The router with the route table, its guards and the root layout.
  () => import('@/app/router'),
];

/** The next macrotask: what the browser queued meanwhile (a frame, an input) runs first. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function startAppInSteps() {
  for (const step of steps) {
    await step();
    await nextTask();
  }
  return import('./start');
}
