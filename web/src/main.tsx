/**
 * index.html's entry. A signed-out visitor of "/" or /signin (public/boot.js sets
 * data-boot="signin") gets the sign-in page alone (SignInScreen with react-dom, no MUI,
 * router or store), which starts the app (src/start.tsx) when it is needed: after a
 * successful sign-in or when a link is followed. Everyone else gets the app at once
 * (public/boot.js has already asked for its code: index.html's app-modules list).
 */
import { startSignInPage } from '@/features/auth/sign-in';
import { startAppInSteps } from './start-in-steps';

// The app's chunks are public/boot.js's to ask for (vite.config.ts, modulePreload): a stored
// session opening a page with its skeleton gets them after the skeleton's first frame, anyone
// else now at the latest.
const startApp = () => {
  if (document.documentElement.dataset.boot !== 'app') window.fuelportalPrefetchApp?.();
  return startAppInSteps();
};

declare global {
  interface Window {
    /** public/boot.js: downloads the app's code (index.html's app-modules list) without running it. */
    fuelportalPrefetchApp?: () => void;
    /** public/boot.js: runs the callback once the owner dashboard's skeleton has drawn its driver-requests card (1 s at most), else at once. */
    fuelportalWhenShown?: (callback: () => void) => void;
  }
}

const prefetchApp = () => window.fuelportalPrefetchApp?.();

/**
 * After the page's first frame (at once in a tab opened in the background, which has none yet).
 * A stored session opening a page with its skeleton (public/boot.js, data-boot="app") starts the
 * app then, as boot.js asks for its chunks then: the entry usually runs before that frame in
 * Lighthouse's (unthrottled) trace, and the chunks the app's first step imported ended before the
 * owner's dashboard painted its largest text (the skeleton's driver-requests card, whose call
 * boot.js makes before the frame), so its simulated LCP (slow 4G) counted them all. On a slow
 * network the entry arrives after the first frame anyway: this waits one frame at most.
 */
function afterFirstFrame(callback: () => void) {
  if (document.visibilityState === 'hidden') callback();
  else requestAnimationFrame(() => setTimeout(callback, 0));
}

// Offline, the app starts at once: its banner says so (the sign-in page alone has none).
if (document.documentElement.dataset.boot === 'signin' && navigator.onLine) {
  startSignInPage(document.getElementById('root')!, startApp, prefetchApp);
} else if (document.documentElement.dataset.boot === 'app') {
  afterFirstFrame(() => (window.fuelportalWhenShown ? window.fuelportalWhenShown(() => void startApp()) : void startApp()));
} else {
  void startApp();
}
