/**
 * Starts the app (src/start.tsx) with its largest libraries evaluated first, one per task.
 * Imported at once, the app's module graph ran in one task (~290-470 ms on a phone, all of it
 * Total Blocking Time); each step below is a part of that graph, and the browser may paint and
 * handle input between them. A module already evaluated is not run again by the next import.
 * Every step's chunk is in index.html's app-modules list (vite.config.ts), so no step waits on
 * the network longer than the app did.
 */
const steps: (() => Promise<unknown>)[] = [
  // MUI's styled engine (emotion) and system, then the app's theme.
  () => import('@mui/material/styles'),
  () => import('@/lib/theme'),
  // Redux, immer and reselect, then RTK Query with the app's api and its base query.
  () => import('@reduxjs/toolkit'),
  () => import('@/lib/api/api'),
  () => import('@/lib/i18n'),
  () => import('react-router'),
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
