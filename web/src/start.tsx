// The app itself: loaded by src/main.tsx (index.html's entry), which may wait for the first paint.
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/App';
import { watchBootSkeleton } from '@/app/boot-skeleton';
import { startSignedInLoad } from '@/app/preload';
import { makeStore } from '@/app/store';
import { registerServiceWorker } from '@/lib/pwa';

const store = makeStore();
// A stored session's account and the page's code start loading before React renders.
startSignedInLoad(store, window.location.pathname);
watchBootSkeleton(store);

const root = createRoot(document.getElementById('root')!);
// As a transition the first render yields to the browser every few milliseconds instead of
// holding the main thread for the whole page (input stays responsive on slow phones).
startTransition(() => {
  root.render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
});

registerServiceWorker();
