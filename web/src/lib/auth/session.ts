import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { api } from '@/lib/api/api';
import { API_BASE_URL } from '@/lib/api/base-query';
import { i18n } from '@/lib/i18n';
import { clearStorageKeepingLanguage } from '@/lib/i18n/language';
import { notify } from '@/lib/notifier/notify';
import { forgetDeviceOnSignOut, pushSupported } from '@/lib/push/device';
import { useAppDispatch, type AppThunk } from '@/lib/store';
import { signInStarted, signedOut, tokensReceived } from './actions';
import { authApi } from './auth-api';
import { clearBrowserStorage, removeStoredTokens, storeTokens } from './session-storage';
import type { Account, Credentials, TokenPair } from './types';

/** Delay before logout clears browser storage (docs/product.md §9). */
export const LOGOUT_STORAGE_CLEAR_DELAY_MS = 100;

/**
 * Sign-in (docs/product.md §4): clears the session, authenticates, stores the tokens after
 * clearing local storage, then loads the account. Rejects with the RTK Query error.
 */
export const signIn =
  (credentials: Credentials): AppThunk<Promise<Account>> =>
  async (dispatch) => {
    dispatch(signInStarted());
    const tokens = await dispatch(authApi.endpoints.authenticate.initiate(credentials)).unwrap();
    return dispatch(startSession(tokens));
  };

/**
 * Adopts the tokens of a sign-in (POST /api/authenticate, or an accepted invitation): stores them
 * after clearing local storage, then loads the account.
 */
export const startSession =
  (tokens: TokenPair): AppThunk<Promise<Account>> =>
  async (dispatch) => {
    clearStorageKeepingLanguage();
    storeTokens(tokens.token, tokens.refreshToken);
    dispatch(tokensReceived(tokens));
    const account = dispatch(authApi.endpoints.getAccount.initiate(undefined, { forceRefetch: true }));
    try {
      return await account.unwrap();
    } finally {
      account.unsubscribe();
    }
  };

/**
 * Ends the session on the server (POST /api/logout), so its tokens stop working
 * everywhere at once. Fire and forget: signing out never waits on the network,
 * and a session the server already ended answers 401, which is fine.
 */
function endServerSession(token: string) {
  void fetch(new URL(`${API_BASE_URL}/logout`, window.location.origin).href, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    keepalive: true,
  }).catch(() => undefined);
}

/**
 * Logout (docs/product.md §4): ends the session on the server, resets all cached API data and
 * auth state now, clears browser storage 100 ms later. An optional message is shown
 * as a warning toast.
 */
export const logout =
  (options: { message?: string; redirectTo?: string } = {}): AppThunk =>
  (dispatch, getState) => {
    const { message, redirectTo } = options;
    const { token } = getState().auth;
    // This browser's push subscription is deleted first, while the token still works.
    if (token && pushSupported()) void forgetDeviceOnSignOut(token).finally(() => endServerSession(token));
    else if (token) endServerSession(token);
    removeStoredTokens();
    dispatch(api.util.resetApiState());
    dispatch(signedOut({ redirectTo }));
    if (message) notify.warning(message);
    setTimeout(() => {
      void clearBrowserStorage().then(() => {
        // A sign-in that happened within the delay keeps its session.
        const { token, refreshToken } = getState().auth;
        if (token) storeTokens(token, refreshToken);
      });
    }, LOGOUT_STORAGE_CLEAR_DELAY_MS);
  };

/** Logout because the session ended on its own (inactivity, failed refresh). */
export const expireSession = (): AppThunk => (dispatch) => {
  dispatch(logout({ message: i18n.t('common:session.expired') }));
};

/**
 * Sign-out helpers for components.
 * - `signOut()`: user logout, back to "/".
 * - `forceSignOut(message?)`: forced sign-out (e.g. a 401 from a payments setup-intent
 *   call, docs/product.md §2.1/§8), back to /signin, showing `message` as a toast when given.
 */
export function useSignOut() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const signOut = useCallback(() => {
    dispatch(logout({ redirectTo: paths.root }));
    void navigate(paths.root, { replace: true });
  }, [dispatch, navigate]);
  const forceSignOut = useCallback(
    (message?: string) => {
      dispatch(logout({ message, redirectTo: paths.signIn }));
      void navigate(paths.signIn, { replace: true });
    },
    [dispatch, navigate],
  );
  return { signOut, forceSignOut };
}
