import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { signedOut } from '@/lib/auth/actions';

/**
 * Answers the service worker served from its saved copy because the network did not answer
 * (public/offline-sw.js, docs/decisions.md, Offline): when each endpoint's shown answer was
 * fetched (Date.now() then), by endpoint name. A fresh answer removes its endpoint.
 */
export interface SavedDataState {
  savedAt: Record<string, number>;
}

const initialState: SavedDataState = { savedAt: {} };

/** The header the service worker adds to a saved answer: when it was fetched, in ms since 1970. */
export const SAVED_AT_HEADER = 'Fuelportal-Saved-At';

export const savedDataSlice = createSlice({
  name: 'savedData',
  initialState,
  reducers: {
    answerReceived(state, action: PayloadAction<{ endpoint: string; savedAt: number | null }>) {
      const { endpoint, savedAt } = action.payload;
      if (savedAt === null) delete state.savedAt[endpoint];
      else state.savedAt[endpoint] = savedAt;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => initialState);
  },
  selectors: {
    /** When the oldest answer shown from the saved copy was fetched, or null when none is. */
    selectOldestSavedAt: (state) => {
      const times = Object.values(state.savedAt);
      return times.length ? Math.min(...times) : null;
    },
    /** When the endpoint's shown answer was fetched, when it came from the saved copy. */
    selectSavedAt: (state, endpoint: string): number | null => state.savedAt[endpoint] ?? null,
  },
});

export const { answerReceived } = savedDataSlice.actions;
export const { selectOldestSavedAt, selectSavedAt } = savedDataSlice.selectors;

/** The saved-at time of a response from the service worker's saved copy, else null. */
export function savedAtOf(response: Response | undefined): number | null {
  const header = response?.headers.get(SAVED_AT_HEADER);
  const at = header ? Number(header) : NaN;
  return Number.isFinite(at) && at > 0 ? at : null;
}
