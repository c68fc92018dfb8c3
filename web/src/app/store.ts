import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { api } from '@/lib/api/api';
import { sessionListener } from '@/lib/auth/session-listener';
import { storeOutbox } from '@/lib/outbox/outbox-slice';
import { rootReducer, type RootState } from '@/lib/store';

/** One store factory for the app and for tests (each test gets a fresh store). */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().prepend(sessionListener.middleware).concat(api.middleware),
  });
  setupListeners(store.dispatch);
  // What waits to be sent survives a reload (docs/decisions.md, Offline).
  let outbox = store.getState().outbox;
  store.subscribe(() => {
    const now = store.getState().outbox;
    if (now === outbox) return;
    outbox = now;
    storeOutbox(now);
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
