import { createSlice } from '@reduxjs/toolkit';
import { signInStarted, signedOut, tokensReceived } from './actions';
import { authApi } from './auth-api';
import { readStoredTokens } from './session-storage';
import type { Account, RoleCode } from './types';

export interface AuthState {
  token: string | null;
  refreshToken: string | null;
  user: Account | null;
}

const initialAuthState = (): AuthState => ({ ...readStoredTokens(), user: null });

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
      })
      .addCase(tokensReceived, (state, { payload }) => {
        state.token = payload.token;
        if (payload.refreshToken) state.refreshToken = payload.refreshToken;
      })
      .addCase(signedOut, () => ({ token: null, refreshToken: null, user: null }))
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
    /** Effective role: code of the first authority, ROLE_USER when none (SPEC §6). */
    selectRole: (state): RoleCode => (state.user?.authorities[0]?.code as RoleCode | undefined) ?? 'ROLE_USER',
  },
});

export const { selectToken, selectUser, selectIsSignedIn, selectRole } = authSlice.selectors;
