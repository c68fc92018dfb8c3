/**
 * index.html's entry. The app's code (src/start.tsx) is preloaded by index.html
 * (vite.config.ts, preloadAppStart) and runs here. When index.html shows its static
 * sign-in shell (public/boot.js), the app starts only once the browser has painted that
 * shell: its modules would otherwise run before the first paint whenever they arrive
 * quickly (cache, fast network), and the page would stay blank until React renders.
 */
const start = () => void import('./start');

if (document.documentElement.dataset.boot === 'signin' && document.visibilityState === 'visible') {
  requestAnimationFrame(() => setTimeout(start, 0));
} else {
  start();
}
