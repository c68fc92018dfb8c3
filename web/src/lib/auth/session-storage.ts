import { clearStorageKeepingLanguage } from '@/lib/i18n/language';

/** The session's local storage keys (docs/product.md §9). */
export const TOKEN_KEY = 'token';
export const REFRESH_TOKEN_KEY = 'refreshToken';

export interface StoredTokens {
  token: string | null;
  refreshToken: string | null;
}

export function readStoredTokens(): StoredTokens {
  return {
    token: localStorage.getItem(TOKEN_KEY),
    refreshToken: localStorage.getItem(REFRESH_TOKEN_KEY),
  };
}

/** The session id (`sid` claim) of an access token, or null when it cannot be read. */
function sessionOf(token: string | null): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sid: unknown = (JSON.parse(json) as { sid?: unknown }).sid;
    return typeof sid === 'string' && sid !== '' ? sid : null;
  } catch {
    return null;
  }
}

/**
 * The tokens another tab stored after refreshing the session `current`
 * belongs to, if any: a different refresh token in storage beside an
 * access token of the same session. Every tab shares this storage but holds
 * its own copy in memory, and a refresh token works only once. Tokens of
 * another sign-in (another user) are never returned.
 */
export function tokensRefreshedElsewhere(current: StoredTokens): { token: string; refreshToken: string } | null {
  const stored = readStoredTokens();
  if (!stored.token || !stored.refreshToken || stored.refreshToken === current.refreshToken) return null;
  const session = sessionOf(current.token);
  if (session === null || sessionOf(stored.token) !== session) return null;
  return { token: stored.token, refreshToken: stored.refreshToken };
}

export function storeTokens(token: string, refreshToken?: string | null): void {
  localStorage.setItem(TOKEN_KEY, token);
  if (refreshToken) localStorage.setItem(REFRESH_TOKEN_KEY, refreshToken);
}

export function removeStoredTokens(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(REFRESH_TOKEN_KEY);
}

/**
 * Logout clears local and session storage (but this device's language), browser caches and
 * service workers (docs/product.md §4).
 */
export async function clearBrowserStorage(): Promise<void> {
  // Runs 100 ms after logout: a unit test's document may be gone by then.
  if (typeof window === 'undefined' || typeof localStorage === 'undefined') return;
  clearStorageKeepingLanguage();
  sessionStorage.clear();
  try {
    if ('caches' in window) {
      const names = await caches.keys();
      await Promise.all(names.map((name) => caches.delete(name)));
    }
    if ('serviceWorker' in navigator) {
      const registrations = await navigator.serviceWorker.getRegistrations();
      await Promise.all(registrations.map((registration) => registration.unregister()));
    }
  } catch (error) {
    console.warn('Could not clear browser caches', error);
  }
}
