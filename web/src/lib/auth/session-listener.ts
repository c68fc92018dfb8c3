import { createListenerMiddleware } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from '@/lib/store';
import { sessionExpired } from './actions';
import { expireSession } from './session';

/** Turns the api layer's `sessionExpired` into a full logout (the api layer cannot import the logout thunk). */
export const sessionListener = createListenerMiddleware();

sessionListener.startListening.withTypes<RootState, AppDispatch>()({
  actionCreator: sessionExpired,
  effect: ({ payload }, listenerApi) => {
    console.warn(payload.reason);
    listenerApi.dispatch(expireSession());
  },
});
