import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { sessionExpired, tokensReceived } from '@/lib/auth/actions';
import { removeStoredTokens, storeTokens, tokensRefreshedElsewhere } from '@/lib/auth/session-storage';
import { API_BASE_URL } from './base-url';
import { fetchWithPreload } from './preloaded';
import { answerReceived, savedAtOf, type SavedDataState } from './saved-data';
import type { Schema } from './types';

export { API_BASE_URL };

// Absolute so that fetch also resolves it outside a page (Node's fetch in unit tests).
const baseUrl = new URL(API_BASE_URL, window.location.origin).href;

/** Calls that never carry the bearer token nor trigger a refresh (docs/product.md §6). */
const PUBLIC_ENDPOINTS = new Set(['authenticate', 'refreshToken', 'createCompanyAccount', 'createDriverAccount', 'checkEmail', 'checkCardNumber', 'initPasswordReset', 'checkPasswordReset', 'completePasswordReset']);

interface AuthSnapshot {
  auth: { token: string | null; refreshToken: string | null };
}

/**
 * Notes whether a GET's answer came from the service worker's saved copy (offline) and when it
 * was fetched, so the screens can say "Updated 10:42 · offline" (saved-data.ts).
 */
function noteSavedAnswer(api: Parameters<BaseQueryFn>[1], result: Awaited<ReturnType<typeof rawBaseQuery>>) {
  if (api.type !== 'query' || !result.meta?.response) return;
  const savedAt = savedAtOf(result.meta.response);
  const state = (api.getState() as { savedData?: SavedDataState }).savedData;
  if (savedAt === null && state?.savedAt[api.endpoint] === undefined) return;
  api.dispatch(answerReceived({ endpoint: api.endpoint, savedAt }));
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl,
  // The page's first calls may already be under way (public/boot.js).
  fetchFn: fetchWithPreload,
  prepareHeaders: (headers, { getState, endpoint }) => {
    const { token } = (getState() as AuthSnapshot).auth;
    if (token && !PUBLIC_ENDPOINTS.has(endpoint)) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

type RefreshOutcome = { ok: true; token: string } | { ok: false; reason: string };

/** The single in-flight refresh: concurrent 401s wait on it instead of starting their own. */
let refreshInFlight: Promise<RefreshOutcome> | null = null;

/** The Web Lock that serialises refreshes across the tabs of one browser. */
const REFRESH_LOCK = 'fuelportal-token-refresh';

/**
 * Runs fn holding the cross-tab refresh lock. Every tab keeps the session's
 * tokens in the same local storage, and a refresh token works once: two tabs
 * refreshing with the same one would be taken for a stolen token and end the
 * session in both. Without the Web Locks API (old browsers, tests) fn runs as is.
 */
async function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks?.request ? await locks.request(REFRESH_LOCK, fn) : await fn();
}

function refreshTokens(api: Parameters<BaseQueryFn>[1], extraOptions: Parameters<BaseQueryFn>[2]): Promise<RefreshOutcome> {
  return withRefreshLock(async () => {
    const auth = (api.getState() as AuthSnapshot).auth;
    const adopted = tokensRefreshedElsewhere(auth);
    if (adopted) {
      api.dispatch(tokensReceived(adopted));
      return { ok: true, token: adopted.token };
    }
    return refreshWithServer(auth.refreshToken, api, extraOptions);
  });
}

async function refreshWithServer(
  refreshToken: string | null,
  api: Parameters<BaseQueryFn>[1],
  extraOptions: Parameters<BaseQueryFn>[2],
): Promise<RefreshOutcome> {
  if (!refreshToken) return { ok: false, reason: 'No refresh token available' };
  const body: Schema<'RefreshRequest'> = { refreshToken };
  const result = await rawBaseQuery(
    { url: '/refreshToken', method: 'POST', body },
    { ...api, endpoint: 'refreshToken' },
    extraOptions,
  );
  if (result.error) {
    const status = result.error.status;
    return { ok: false, reason: status === 401 || status === 403 ? 'Refresh token expired' : 'Token refresh failed' };
  }
  // Checked rather than trusted: a refresh without a token ends the session.
  const data = result.data as Partial<Schema<'Tokens'>> | undefined;
  if (!data?.token) return { ok: false, reason: 'Token refresh failed' };
  storeTokens(data.token, data.refreshToken);
  api.dispatch(tokensReceived({ token: data.token, refreshToken: data.refreshToken }));
  return { ok: true, token: data.token };
}

/**
 * fetchBaseQuery plus the session rules of docs/product.md §4: any 401 triggers ONE refresh
 * (shared by concurrent requests) and ONE retry; a failed refresh ends the session.
 */
export const baseQueryWithReauth: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const tokenUsed = (api.getState() as AuthSnapshot).auth.token;
  let result = await rawBaseQuery(args, api, extraOptions);
  noteSavedAnswer(api, result);
  if (result.error?.status !== 401 || PUBLIC_ENDPOINTS.has(api.endpoint) || !tokenUsed) return result;

  // Another request may have refreshed already while this one was in flight.
  const currentToken = (api.getState() as AuthSnapshot).auth.token;
  if (currentToken && currentToken !== tokenUsed) {
    return rawBaseQuery(args, api, extraOptions);
  }
  if (!refreshInFlight) {
    refreshInFlight = refreshTokens(api, extraOptions).finally(() => {
      refreshInFlight = null;
    });
  }
  const outcome = await refreshInFlight;
  if (!outcome.ok) {
    // Only the first waiter reports; the others see the session already gone.
    if ((api.getState() as AuthSnapshot).auth.token) {
      removeStoredTokens();
      api.dispatch(sessionExpired({ reason: outcome.reason }));
    }
    return result;
  }
  result = await rawBaseQuery(args, api, extraOptions);
  if (result.error?.status === 401) console.warn('Authentication failed');
  return result;
};
