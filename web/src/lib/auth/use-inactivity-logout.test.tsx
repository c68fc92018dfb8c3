import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/lib/paths';
import { renderApp } from '@/test/render';
import { INACTIVITY_TIMEOUT_MS } from './use-inactivity-logout';

afterEach(() => {
  vi.useRealTimers();
});

describe('inactivity', () => {
  it('signs out after 30 minutes without activity, with the session-expired message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { store, router } = renderApp(paths.dashboard, { session: { token: 't1', refreshToken: 'r1' } });
    await screen.findByTestId('navigation-drawer');

    await act(() => vi.advanceTimersByTimeAsync(INACTIVITY_TIMEOUT_MS - 60_000));
    fireEvent.keyDown(window, { key: 'a' });
    await act(() => vi.advanceTimersByTimeAsync(INACTIVITY_TIMEOUT_MS - 60_000));
    expect(store.getState().auth.token).toBe('t1');

    await act(() => vi.advanceTimersByTimeAsync(60_001));
    expect(store.getState().auth.token).toBeNull();
    expect(router.state.location.pathname).toBe(paths.root);
    expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
  });
});
