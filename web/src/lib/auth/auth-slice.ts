import { createSlice } from '@reduxjs/toolkit';
import { signInStarted, signedOut, tokensReceived } from './actions';
import { authApi } from './auth-api';
import { readStoredTokens } from './session-storage';
import type { Account, RoleCode } from './types';

export interface AuthState {
  token: string | null;
  refreshToken: string | null;
  user: Account | null;
  /** Set by a deliberate sign-out: the guards send the user here and remember no location. */
  signOutRedirect: string | null;
}

const initialAuthState = (): AuthState => ({ ...readStoredTokens(), user: null, signOutRedirect: null });

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(signInStarted, (state) => {
        state.token = null;
        state.refreshToken = null;
        state.user = null;
        state.signOutRedirect = null;
      })
      .addCase(tokensReceived, (state, { payload }) => {
        state.token = payload.token;
        if (payload.refreshToken) state.refreshToken = payload.refreshToken;
        state.signOutRedirect = null;
      })
      .addCase(signedOut, (_state, { payload }) => ({
        token: null,
        refreshToken: null,
        user: null,
        signOutRedirect: payload.redirectTo,
      }))
      .addMatcher(authApi.endpoints.getAccount.matchFulfilled, (state, { payload }) => {
        state.user = payload;
      })
      .addMatcher(authApi.endpoints.updateAccount.matchFulfilled, (state, { payload }) => {
        state.user = payload;
      });
  },
  selectors: {
    selectToken: (state) => state.token,
    selectUser: (state) => state.user,
    selectIsSignedIn: (state) => Boolean(state.token),
    selectSignOutRedirect: (state) => state.signOutRedirect,
    /** Effective role: code of the first authority, ROLE_USER when none (docs/product.md §6). */
    selectRole: (state): RoleCode => (state.user?.authorities[0]?.code as RoleCode | undefined) ?? 'ROLE_USER',
  },
});

export const { selectToken, selectUser, selectIsSignedIn, selectRole, selectSignOutRedirect } = authSlice.selectors;
