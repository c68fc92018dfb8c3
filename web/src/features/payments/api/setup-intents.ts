import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { API_BASE_URL, type Schema } from '@/lib/api';
import { signedOut } from '@/lib/auth';
import { i18n } from '@/lib/i18n';
import { rootReducer, type RootState } from '@/lib/store';
import { paymentsFailure, type PaymentsFailure } from '../model/errors';
import '@/lib/i18n/texts/payments';

/** Which card setup intent to ask for: /card, /card/debit or /card/credit. */
export type CardFunding = 'any' | 'debit' | 'credit';

/** Setup intent state (docs/product.md §3): the client secrets with loading and error. */
export interface PaymentsState {
  card: { clientSecret: string | null; loading: boolean; error: string | null };
  ach: {
    setupIntentClientSecret: string | null;
    financialConnectionsSessionClientSecret: string | null;
    loading: boolean;
    error: string | null;
  };
}

const initialState: PaymentsState = {
  card: { clientSecret: null, loading: false, error: null },
  ach: { setupIntentClientSecret: null, financialConnectionsSessionClientSecret: null, loading: false, error: null },
};

const url = (path: string) => new URL(`${API_BASE_URL}${path}`, window.location.origin).href;

/** GET path with the bearer token; a failure is mapped to docs/product.md §8's texts. */
async function getSetupIntent(
  path: string,
  token: string | null,
  fallback: string,
  signal: AbortSignal,
): Promise<{ ok: true; text: string } | { ok: false; failure: PaymentsFailure }> {
  let response: Response;
  try {
    response = await fetch(url(path), { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal });
  } catch {
    return { ok: false, failure: paymentsFailure(undefined, undefined, fallback) };
  }
  const text = await response.text().catch(() => '');
  if (response.ok) return { ok: true, text };
  let message: string | undefined = text || undefined;
  try {
    const body = JSON.parse(text) as { message?: unknown };
    message = typeof body.message === 'string' ? body.message : undefined;
  } catch {
    // A plain-text error body is the message itself.
  }
  return { ok: false, failure: paymentsFailure(response.status, message, fallback) };
}

/** GET /payments/setup-intent/ach's answer. */
type AchSetupSecrets = Schema<'AchSetupIntent'>;

type ThunkConfig = { state: RootState; rejectValue: PaymentsFailure };

/** GET /payments/setup-intent/card[/debit|/credit]: the client secret as plain text. */
export const fetchCardSetupIntent = createAsyncThunk<string, CardFunding, ThunkConfig>(
  'payments/fetchCardSetupIntent',
  async (funding, { getState, rejectWithValue, signal }) => {
    const path = funding === 'any' ? '/payments/setup-intent/card' : `/payments/setup-intent/card/${funding}`;
    const result = await getSetupIntent(path, getState().auth.token, i18n.t('payments:errors.cardSetupIntentFailed'), signal);
    if (!result.ok) return rejectWithValue(result.failure);
    return result.text;
  },
);

/** GET /payments/setup-intent/ach: both secrets of the bank account (ACH) setup. */
export const fetchAchSetupIntent = createAsyncThunk<
  AchSetupSecrets,
  void,
  ThunkConfig
>('payments/fetchAchSetupIntent', async (_, { getState, rejectWithValue, signal }) => {
  const fallback = i18n.t('payments:errors.achSetupIntentFailed');
  const result = await getSetupIntent('/payments/setup-intent/ach', getState().auth.token, fallback, signal);
  if (!result.ok) return rejectWithValue(result.failure);
  try {
    return JSON.parse(result.text) as AchSetupSecrets;
  } catch {
    return rejectWithValue({ message: fallback, unauthorized: false });
  }
});

export const paymentsSlice = createSlice({
  name: 'payments',
  initialState,
  reducers: {
    setupIntentsCleared: () => initialState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchCardSetupIntent.pending, (state) => {
        state.card = { clientSecret: null, loading: true, error: null };
      })
      .addCase(fetchCardSetupIntent.fulfilled, (state, { payload }) => {
        state.card = { clientSecret: payload, loading: false, error: null };
      })
      .addCase(fetchCardSetupIntent.rejected, (state, { payload }) => {
        state.card = { clientSecret: null, loading: false, error: payload?.message ?? i18n.t('payments:errors.cardSetupIntentFailed') };
      })
      .addCase(fetchAchSetupIntent.pending, (state) => {
        state.ach = { ...initialState.ach, loading: true };
      })
      .addCase(fetchAchSetupIntent.fulfilled, (state, { payload }) => {
        state.ach = { ...payload, loading: false, error: null };
      })
      .addCase(fetchAchSetupIntent.rejected, (state, { payload }) => {
        state.ach = { ...initialState.ach, error: payload?.message ?? i18n.t('payments:errors.achSetupIntentFailed') };
      })
      // Logout clears the setup intents (docs/product.md §4).
      .addCase(signedOut, () => initialState);
  },
  selectors: {
    selectCardSetup: (state) => state.card,
    selectAchSetup: (state) => state.ach,
  },
});

declare module '@/lib/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof paymentsSlice> {}
}

const injected = paymentsSlice.injectInto(rootReducer);
export const { selectCardSetup, selectAchSetup } = injected.selectors;
export const { setupIntentsCleared } = paymentsSlice.actions;
