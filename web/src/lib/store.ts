import { combineSlices } from '@reduxjs/toolkit';
import type { ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { api } from '@/lib/api/api';
import { savedDataSlice } from '@/lib/api/saved-data';
import { authSlice } from '@/lib/auth/auth-slice';
import { outboxSlice } from '@/lib/outbox/outbox-slice';

/**
 * Slices a feature adds at run time, e.g. in features/payments:
 *   declare module '@/lib/store' { interface LazyLoadedSlices extends WithSlice<typeof paymentsSlice> {} }
 *   rootReducer.inject(paymentsSlice);
 * Reset such a slice on `signedOut` (from '@/lib/auth') so logout clears it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(api, authSlice, savedDataSlice, outboxSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;
export type AppThunk<R = void> = ThunkAction<R, RootState, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
