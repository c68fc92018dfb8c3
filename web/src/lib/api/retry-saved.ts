import { QueryStatus } from '@reduxjs/toolkit/query';
import type { AppThunk } from '@/lib/store';
import { api } from './api';
import { answerReceived } from './saved-data';

/** While the device is online and a page shows saved answers, they are asked for again this often. */
export const RETRY_SAVED_MS = 30_000;

type Initiate = (arg: unknown, options: { subscribe: false; forceRefetch: true }) => AppThunk<unknown>;

/**
 * Asks the server again for every cached answer that came from the service worker's saved copy
 * (saved-data.ts): what a page shows offline, or when the server did not answer in time
 * (public/offline-sw.js). A fresh answer replaces it and drops its "saved at" note, so that the
 * page stops saying the server is not answering once it answers.
 */
export const refetchSavedAnswers = (): AppThunk => (dispatch, getState) => {
  const state = getState();
  const saved = state.savedData.savedAt;
  const endpoints = api.endpoints as unknown as Record<string, { initiate?: Initiate } | undefined>;
  const cached = new Set<string>();
  for (const query of Object.values(state.api.queries)) {
    const name = query?.endpointName;
    if (!query || !name || !(name in saved)) continue;
    cached.add(name);
    if (query.status === QueryStatus.pending) continue;
    const initiate = endpoints[name]?.initiate;
    if (initiate) void dispatch(initiate(query.originalArgs, { subscribe: false, forceRefetch: true }));
  }
  // An endpoint whose answers have all left the cache shows nothing saved any more.
  for (const name of Object.keys(saved)) if (!cached.has(name)) dispatch(answerReceived({ endpoint: name, savedAt: null }));
};
