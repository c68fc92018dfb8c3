import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@/app/store';
import { logout, LOGOUT_STORAGE_CLEAR_DELAY_MS } from './session';

afterEach(() => {
  vi.useRealTimers();
});

describe('logout', () => {
  it('empties auth state at once and clears browser storage 100 ms later', async () => {
    vi.useFakeTimers();
    localStorage.setItem('token', 't1');
    localStorage.setItem('refreshToken', 'r1');
    localStorage.setItem('navigationDrawerOpen', 'false');
    sessionStorage.setItem('draft', 'x');
    const store = makeStore();

    store.dispatch(logout());

    expect(store.getState().auth).toMatchObject({ token: null, refreshToken: null, user: null });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('navigationDrawerOpen')).toBe('false');
    await vi.advanceTimersByTimeAsync(LOGOUT_STORAGE_CLEAR_DELAY_MS - 1);
    expect(sessionStorage.getItem('draft')).toBe('x');
    await vi.advanceTimersByTimeAsync(1);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });
});
