import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@/app/store';
import { tokensReceived } from './actions';
import { logout, LOGOUT_STORAGE_CLEAR_DELAY_MS } from './session';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
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

  it('ends the session on the server with the current token, without waiting for it', () => {
    const fetchMock = vi.fn(() => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', fetchMock);
    const store = makeStore();
    store.dispatch(tokensReceived({ token: 'access-1', refreshToken: 'refresh-1' }));

    store.dispatch(logout());

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(new URL('/api/logout', window.location.origin).href);
    expect(init).toMatchObject({ method: 'POST', headers: { Authorization: 'Bearer access-1' } });
    expect(store.getState().auth).toMatchObject({ token: null, refreshToken: null });
  });

  it("deletes this browser's push subscription before ending the session", async () => {
    const calls: string[] = [];
    const fetchMock = vi.fn((url: string, init: RequestInit) => {
      calls.push(`${init.method} ${new URL(url).pathname} ${String(init.body ?? '')}`);
      return Promise.resolve(new Response(null, { status: 204 }));
    });
    vi.stubGlobal('fetch', fetchMock);
    const unsubscribe = vi.fn(() => Promise.resolve(true));
    const subscription = { endpoint: 'https://push.example.com/device-1', unsubscribe };
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', { permission: 'granted' });
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: () => Promise.resolve({ pushManager: { getSubscription: () => Promise.resolve(subscription) } }) },
    });
    try {
      const store = makeStore();
      store.dispatch(tokensReceived({ token: 'access-1', refreshToken: 'refresh-1' }));
      store.dispatch(logout());
      await vi.waitFor(() => expect(calls).toHaveLength(2));
      expect(calls).toEqual(['DELETE /api/push/subscriptions {"endpoint":"https://push.example.com/device-1"}', 'POST /api/logout ']);
      expect(unsubscribe).toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });

  it('calls nothing when no one is signed in', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    makeStore().dispatch(logout());
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
