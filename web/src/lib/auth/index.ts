export { signedOut, signInStarted, tokensReceived } from './actions';
export * from './auth-api';
export {
  authSlice,
  selectIsSignedIn,
  selectRole,
  selectSignOutRedirect,
  selectToken,
  selectUser,
  type AuthState,
} from './auth-slice';
export { expireSession, logout, signIn, startSession, useSignOut, LOGOUT_STORAGE_CLEAR_DELAY_MS } from './session';
export { REFRESH_TOKEN_KEY, TOKEN_KEY } from './session-storage';
export type * from './types';
export { INACTIVITY_TIMEOUT_MS, useInactivityLogout } from './use-inactivity-logout';
export { usePermissions, type Action, type PermissionCheck } from './permissions';
