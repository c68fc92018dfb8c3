/**
 * Registers the service worker the build writes (/sw.js, vite.config.ts) once the page
 * has loaded, so it never competes with the first page's own downloads. Only in a
 * production build: the dev server has no service worker.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('Could not register the service worker', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
