import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { makeStore } from '@/app/store';
import { apiUrl, server } from '@/test/server';
import { api } from './api';
import { PRELOAD_MAX_AGE_MS, type PreloadedCall } from './preloaded';

// public/boot.js asks for a stored session's first calls before the app loads; the base
// query takes a matching answer once instead of asking the server.
const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    preloadProbe: build.query<{ from: string }, string>({ query: (path) => path }),
  }),
});

/** The server's answers, counted. */
function countingServer() {
  const calls: string[] = [];
  server.use(
    http.get(apiUrl('/probe/:name'), ({ request, params }) => {
      calls.push(`${String(params.name)} ${request.headers.get('Authorization')}`);
      if (request.headers.get('Authorization') !== 'Bearer fresh') return HttpResponse.json({ status: 401, message: 'Unauthorized' }, { status: 401 });
      return HttpResponse.json({ from: 'server' });
    }),
    http.post(apiUrl('/refreshToken'), () => HttpResponse.json({ token: 'fresh', refreshToken: 'refresh-2' })),
  );
  return calls;
}

function preload(path: string, token: string, response: Response | null, at = Date.now()): PreloadedCall {
  return { url: apiUrl(path), token, at, response: Promise.resolve(response) };
}

function signedInStore(token: string) {
  localStorage.setItem('token', token);
  localStorage.setItem('refreshToken', 'refresh-1');
  return makeStore();
}

const fetchProbe = (store: ReturnType<typeof makeStore>, path: string) =>
  store.dispatch(probeApi.endpoints.preloadProbe.initiate(path, { forceRefetch: true })).unwrap();

afterEach(() => {
  delete window.fuelportalPreloads;
});

describe('preloaded answers', () => {
  it('are taken once, for the same URL and token', async () => {
    const calls = countingServer();
    window.fuelportalPreloads = [preload('/probe/a', 'fresh', Response.json({ from: 'boot' }))];
    const store = signedInStore('fresh');

    expect(await fetchProbe(store, '/probe/a')).toEqual({ from: 'boot' });
    expect(calls).toEqual([]);
    expect(window.fuelportalPreloads).toEqual([]);
    // The next call of the same URL asks the server.
    expect(await fetchProbe(store, '/probe/a')).toEqual({ from: 'server' });
    expect(calls).toEqual(['a Bearer fresh']);
  });

  it('are not taken for another URL or another token', async () => {
    const calls = countingServer();
    window.fuelportalPreloads = [
      preload('/probe/a?x=1', 'fresh', Response.json({ from: 'boot' })),
      preload('/probe/b', 'other-session', Response.json({ from: 'boot' })),
    ];
    const store = signedInStore('fresh');

    expect(await fetchProbe(store, '/probe/a')).toEqual({ from: 'server' });
    expect(await fetchProbe(store, '/probe/b')).toEqual({ from: 'server' });
    expect(calls).toEqual(['a Bearer fresh', 'b Bearer fresh']);
    expect(window.fuelportalPreloads).toHaveLength(2);
  });

  it('leave a 401 to the refresh flow: the call goes to the server, then is retried with the new token', async () => {
    const calls = countingServer();
    window.fuelportalPreloads = [preload('/probe/a', 'stale', Response.json({ status: 401, message: 'Unauthorized' }, { status: 401 }))];
    const store = signedInStore('stale');

    expect(await fetchProbe(store, '/probe/a')).toEqual({ from: 'server' });
    expect(calls).toEqual(['a Bearer stale', 'a Bearer fresh']);
    expect(store.getState().auth.token).toBe('fresh');
  });

  it('leave a failed or stale call to the server', async () => {
    const calls = countingServer();
    window.fuelportalPreloads = [
      preload('/probe/a', 'fresh', null),
      preload('/probe/b', 'fresh', Response.json({ from: 'boot' }), Date.now() - PRELOAD_MAX_AGE_MS - 1),
    ];
    const store = signedInStore('fresh');

    expect(await fetchProbe(store, '/probe/a')).toEqual({ from: 'server' });
    expect(await fetchProbe(store, '/probe/b')).toEqual({ from: 'server' });
    expect(calls).toEqual(['a Bearer fresh', 'b Bearer fresh']);
  });
});
