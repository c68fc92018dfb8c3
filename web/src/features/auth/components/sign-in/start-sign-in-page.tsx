import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { registerServiceWorker } from '@/lib/pwa/register';
import { signInWithoutApp } from './authenticate';
import { SignInScreen } from './SignInScreen';

/** Where the app sends a sign-in from this page (the router's RedirectIfSignedIn, without a remembered page). */
const SIGNED_IN_HOME = '/dashboard';

declare global {
  interface Window {
    /** public/boot.js: makes the first calls of /dashboard or /transactions with this token, for the app's queries to take. */
    fuelportalPreloadPage?: (token: string, destination: string) => void;
  }
}

/** What the history entry carries when the app's router wrote it (react-router keeps its state in `usr`). */
interface RouterHistoryState {
  usr?: { notice?: unknown } | null;
}

/**
 * The sign-in page before the app: SignInScreen alone in `container` (index.html's #root,
 * whose static shell it replaces in the same task: no blank frame, no layout shift). The app
 * (`startApp`, src/start.tsx) starts after a successful sign-in (it finds the stored tokens,
 * loads the account and its guard sends the user on, as a sign-in inside the app does) or
 * when a link is followed (its router then shows that page). The app mounts its own root on
 * `container`, which removes this page on its first render; this page's root ends then.
 * `prefetchApp` downloads the app's code without running it (first keystroke or press, and
 * while the credentials are checked). The service worker is registered as the app does; when
 * the device goes offline the app starts (from the service worker's cache), whose banner
 * says so (src/main.tsx starts the app at once on a page opened offline).
 */
export function startSignInPage(container: HTMLElement, startApp: () => Promise<unknown>, prefetchApp: () => void) {
  const host = document.createElement('div');
  const root = createRoot(host);
  let started: Promise<unknown> | undefined;
  const start = () => {
    if (!started) {
      const observer = new MutationObserver(() => {
        if (host.isConnected) return;
        observer.disconnect();
        root.unmount();
      });
      observer.observe(container, { childList: true });
      started = startApp().catch((error: unknown) => {
        // Not loaded (e.g. offline before the service worker had cached it): the page stays; try again next time.
        observer.disconnect();
        started = undefined;
        throw error;
      });
    }
    return started;
  };
  const signIn = async (credentials: Parameters<typeof signInWithoutApp>[0]) => {
    prefetchApp();
    const { token } = await signInWithoutApp(credentials);
    // The dashboard (where a sign-in from here goes) asks for its data now, not after the app has run.
    window.fuelportalPreloadPage?.(token, SIGNED_IN_HOME);
    await start();
  };
  const open = (path: string) => {
    window.history.pushState(null, '', path);
    void start();
  };
  // A reload keeps the notice another screen handed over (the router's state of this entry).
  const usr = (window.history.state as RouterHistoryState | null)?.usr;
  const notice = typeof usr?.notice === 'string' ? usr.notice : undefined;
  for (const type of ['keydown', 'pointerdown'] as const) window.addEventListener(type, prefetchApp, { once: true, passive: true });
  window.addEventListener('offline', () => void start().catch(() => undefined));
  registerServiceWorker();
  container.replaceChildren(host);
  flushSync(() => {
    root.render(
      <StrictMode>
        <SignInScreen notice={notice} signIn={signIn} open={open} />
      </StrictMode>,
    );
  });
}
