import { API_BASE_URL } from '@/lib/api/base-url';
import { storeTokens } from '@/lib/auth/session-storage';
import { clearStorageKeepingLanguage } from '@/lib/i18n/language';
import type { Credentials, TokenPair } from '@/lib/auth/types';

/**
 * POST /api/authenticate as the app's `authenticate` call sends it (src/lib/auth/auth-api.ts),
 * for the sign-in page before the app has loaded. A failure rejects with the shape RTK Query
 * gives its errors (`{ status, data }`, or `{ status: 'FETCH_ERROR' }` without an answer), so
 * the page reads both the same way (errorStatus, serverErrorBody).
 */
export async function authenticate(credentials: Credentials): Promise<TokenPair> {
  let response: Response;
  try {
    response = await fetch(new URL(`${API_BASE_URL}/authenticate`, window.location.origin).href, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    });
  } catch (error) {
    throw { status: 'FETCH_ERROR', error: String(error) };
  }
  const text = await response.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    if (response.ok) throw { status: 'PARSING_ERROR', originalStatus: response.status, data: text, error: 'invalid JSON' };
  }
  if (!response.ok) throw { status: response.status, data };
  return data as TokenPair;
}

/**
 * Signs in before the app has loaded: authenticates, then stores the tokens as the app's
 * sign-in does (src/lib/auth/session.ts: local storage cleared first). The app, started
 * next, reads them and loads the account. Returns the tokens.
 */
export async function signInWithoutApp(credentials: Credentials): Promise<TokenPair> {
  const tokens = await authenticate(credentials);
  clearStorageKeepingLanguage();
  storeTokens(tokens.token, tokens.refreshToken);
  return tokens;
}
