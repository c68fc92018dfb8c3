// The app itself: loaded by src/main.tsx (index.html's entry), which may wait for the first paint.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { watchBootSkeleton } from '@/app/boot-skeleton';
import { startSignedInLoad } from '@/app/preload';
import { makeStore } from '@/app/store';
import { registerServiceWorker } from '@/lib/pwa';

/**
 * The longest the first render waits for the page's first data: a slower answer shows the page
 * with its own loading states (and the navigation) meanwhile, instead of index.html's skeleton.
 */
const FIRST_DATA_WAIT_MS = 3000;

const store = makeStore();
// A stored session's account and the page's code start loading before React renders.
const firstData = startSignedInLoad(store, window.location.pathname);
watchBootSkeleton(store);

const root = createRoot(document.getElementById('root')!);
// As a transition the first render yields to the browser every few milliseconds instead of
// holding the main thread for the whole page (input stays responsive on slow phones). It starts
// once the page's first data is in the store: an answer landing in the store during a transition
// makes React render everything again synchronously (its external-store rule), one task of
// ~250 ms at a phone's speed on the dashboard.
void Promise.race([firstData, new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS))]).then(() =>
  startTransition(() => {
    root.render(
      <StrictMode>
        <App store={store} />
      </StrictMode>,
    );
  }),
);

registerServiceWorker();
