import { createAction } from '@reduxjs/toolkit';

/** Plain auth actions, kept apart from the slice so the api layer can dispatch them without an import cycle. */
export const tokensReceived = createAction<{ token: string; refreshToken?: string | null }>('auth/tokensReceived');
export const signInStarted = createAction('auth/signInStarted');
/**
 * Empties auth state. Cached API data is reset separately by the logout thunk.
 * `redirectTo` is where the route guards send the user instead of "/" + remembered location.
 */
export const signedOut = createAction('auth/signedOut', (options: { redirectTo?: string } = {}) => ({
  payload: { redirectTo: options.redirectTo ?? null },
}));
/** Dispatched by the api layer when a token refresh fails; the session listener logs out. */
export const sessionExpired = createAction<{ reason: string }>('auth/sessionExpired');
