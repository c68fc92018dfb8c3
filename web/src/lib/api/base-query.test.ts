import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '@/app/store';
import { tokensReceived } from '@/lib/auth/actions';
import { apiUrl, server } from '@/test/server';
import { api } from './api';

// A throwaway protected endpoint to exercise the base query.
const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<{ n: number; auth: string | null }, number>({ query: (n) => `/probe/${n}` }),
  }),
});

/** The server accepts only the refreshed token "fresh". */
function protectedProbe() {
  return http.get(apiUrl('/probe/:n'), ({ request, params }) => {
    const auth = request.headers.get('Authorization');
    if (auth !== 'Bearer fresh') return HttpResponse.json({ status: 401, message: 'Unauthorized' }, { status: 401 });
    return HttpResponse.json({ n: Number(params.n), auth });
  });
}

function signedInStore() {
  localStorage.setItem('token', 'stale');
  localStorage.setItem('refreshToken', 'refresh-1');
  return makeStore();
}

afterEach(() => {
  vi.useRealTimers();
});

describe('token refresh', () => {
  it('refreshes once for concurrent 401s, then retries each request with the new token', async () => {
    const refreshBodies: unknown[] = [];
    server.use(
      protectedProbe(),
      http.post(apiUrl('/refreshToken'), async ({ request }) => {
        refreshBodies.push(await request.json());
        await new Promise((resolve) => setTimeout(resolve, 30));
        return HttpResponse.json({ token: 'fresh', refreshToken: 'refresh-2' });
      }),
    );
    const store = signedInStore();

    const results = await Promise.all(
      [1, 2, 3, 4].map((n) => store.dispatch(probeApi.endpoints.probe.initiate(n)).unwrap()),
    );

    expect(results.map((result) => result.n)).toEqual([1, 2, 3, 4]);
    expect(results.every((result) => result.auth === 'Bearer fresh')).toBe(true);
    expect(refreshBodies).toEqual([{ refreshToken: 'refresh-1' }]);
    expect(store.getState().auth).toMatchObject({ token: 'fresh', refreshToken: 'refresh-2' });
    expect(localStorage.getItem('token')).toBe('fresh');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
  });

  it('does not refresh again for a 401 answered to a token that was already replaced', async () => {
    let refreshes = 0;
    server.use(
      protectedProbe(),
      http.post(apiUrl('/refreshToken'), () => {
        refreshes += 1;
        return HttpResponse.json({ token: 'fresh', refreshToken: 'refresh-2' });
      }),
    );
    const store = signedInStore();
    await store.dispatch(probeApi.endpoints.probe.initiate(1)).unwrap();
    // Simulate a request sent with the stale token that fails after the refresh landed.
    store.dispatch(tokensReceived({ token: 'fresh' }));
    await store.dispatch(probeApi.endpoints.probe.initiate(2)).unwrap();
    expect(refreshes).toBe(1);
  });

  it('logs out with the session-expired message when the refresh fails', async () => {
    let refreshes = 0;
    server.use(
      protectedProbe(),
      http.post(apiUrl('/refreshToken'), () => {
        refreshes += 1;
        return HttpResponse.json({ status: 401, message: 'Refresh token expired' }, { status: 401 });
      }),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const store = signedInStore();

    const outcomes = await Promise.allSettled([1, 2, 3].map((n) => store.dispatch(probeApi.endpoints.probe.initiate(n)).unwrap()));

    // No request got data; logout reset the cache, so settled requests carry nothing.
    expect(outcomes.some((outcome) => outcome.status === 'fulfilled' && outcome.value !== undefined)).toBe(false);
    expect(refreshes).toBe(1);
    expect(store.getState().auth).toMatchObject({ token: null, refreshToken: null, user: null });
    expect(localStorage.getItem('token')).toBeNull();
    expect(warn).toHaveBeenCalledWith('Refresh token expired');
    warn.mockRestore();
  });

  it('gives up without calling the server when no refresh token is stored', async () => {
    let refreshes = 0;
    server.use(
      protectedProbe(),
      http.post(apiUrl('/refreshToken'), () => {
        refreshes += 1;
        return HttpResponse.json({ token: 'fresh' });
      }),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem('token', 'stale');
    const store = makeStore();
    await store.dispatch(probeApi.endpoints.probe.initiate(1));
    expect(refreshes).toBe(0);
    expect(store.getState().auth.token).toBeNull();
    expect(warn).toHaveBeenCalledWith('No refresh token available');
    warn.mockRestore();
  });

  it('sends no bearer token to public calls', async () => {
    let seen: string | null = 'unset';
    server.use(
      http.post(apiUrl('/authenticate'), ({ request }) => {
        seen = request.headers.get('Authorization');
        return HttpResponse.json({ status: 401, message: 'Login or password are incorrect' }, { status: 401 });
      }),
    );
    const store = signedInStore();
    const { authApi } = await import('@/lib/auth/auth-api');
    await store.dispatch(authApi.endpoints.authenticate.initiate({ username: 'a', password: 'bcd' }));
    expect(seen).toBeNull();
  });

  describe('with the session open in several tabs', () => {
    /** An access token shaped like the server's: a JWT whose payload names the session (sid). */
    const jwt = (sid: string, tag: string) =>
      `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sid, tag })).replace(/=+$/, '')}.signature`;

    /** The server accepts only `accepted` as the bearer token. */
    function probeAccepting(accepted: string) {
      return http.get(apiUrl('/probe/:n'), ({ request, params }) => {
        const auth = request.headers.get('Authorization');
        if (auth !== `Bearer ${accepted}`) return HttpResponse.json({ status: 401, message: 'Unauthorized' }, { status: 401 });
        return HttpResponse.json({ n: Number(params.n), auth });
      });
    }

    it('takes the tokens another tab refreshed instead of spending the used refresh token', async () => {
      const refreshBodies: unknown[] = [];
      const renewed = jwt('session-1', 'renewed-by-other-tab');
      server.use(
        probeAccepting(renewed),
        http.post(apiUrl('/refreshToken'), async ({ request }) => {
          refreshBodies.push(await request.json());
          // The server would take refresh-1 for a stolen token now: it was spent by the other tab.
          return HttpResponse.json({ status: 401, message: 'Refresh token expired' }, { status: 401 });
        }),
      );
      localStorage.setItem('token', jwt('session-1', 'expired'));
      localStorage.setItem('refreshToken', 'refresh-1');
      const store = makeStore();
      // The other tab refreshes the same session and stores its tokens.
      localStorage.setItem('token', renewed);
      localStorage.setItem('refreshToken', 'refresh-2');

      const result = await store.dispatch(probeApi.endpoints.probe.initiate(1)).unwrap();

      expect(result.auth).toBe(`Bearer ${renewed}`);
      expect(refreshBodies).toEqual([]);
      expect(store.getState().auth).toMatchObject({ token: renewed, refreshToken: 'refresh-2' });
    });

    it('never takes the tokens of another sign-in from storage', async () => {
      const refreshBodies: unknown[] = [];
      server.use(
        probeAccepting('fresh'),
        http.post(apiUrl('/refreshToken'), async ({ request }) => {
          refreshBodies.push(await request.json());
          return HttpResponse.json({ token: 'fresh', refreshToken: 'refresh-2' });
        }),
      );
      localStorage.setItem('token', jwt('session-1', 'expired'));
      localStorage.setItem('refreshToken', 'refresh-1');
      const store = makeStore();
      // Another user signed in in another tab.
      localStorage.setItem('token', jwt('session-9', 'someone-else'));
      localStorage.setItem('refreshToken', 'refresh-9');

      const result = await store.dispatch(probeApi.endpoints.probe.initiate(1)).unwrap();

      expect(result.auth).toBe('Bearer fresh');
      expect(refreshBodies).toEqual([{ refreshToken: 'refresh-1' }]);
    });

    it('refreshes under the cross-tab Web Lock when the browser has one', async () => {
      const lockNames: string[] = [];
      const locks = {
        request: async (name: string, callback: () => Promise<unknown>) => {
          lockNames.push(name);
          return callback();
        },
      };
      Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
      try {
        server.use(
          protectedProbe(),
          http.post(apiUrl('/refreshToken'), () => HttpResponse.json({ token: 'fresh', refreshToken: 'refresh-2' })),
        );
        const store = signedInStore();
        await store.dispatch(probeApi.endpoints.probe.initiate(1)).unwrap();
        expect(lockNames).toEqual(['fuelportal-token-refresh']);
      } finally {
        Reflect.deleteProperty(navigator, 'locks');
      }
    });
  });
});
