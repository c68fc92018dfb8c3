import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import bootScript from '../../public/boot.js?raw';
import { prefetchDashboard } from '@/features/dashboard';
/* eslint-disable no-restricted-imports -- boot.js's calls are compared with the features' own endpoints and arguments */
import { alertsApi } from '@/features/alerts/api/alerts-api';
import { prefetchDriverRequests } from '@/features/fuel-cards/dashboard';
import { notificationsApi } from '@/features/notifications/api/notifications-api';
import { plannerApi } from '@/features/planner/api/planner-api';
import { prefetchPlanner } from '@/features/planner/prefetch';
import { prefetchMyCard } from '@/features/transactions/dashboard';
import { transactionsApi } from '@/features/transactions/api/transactions-api';
import { defaultFilters, toQuery } from '@/features/transactions/model/transaction-filters';
import { tripsApi } from '@/features/trips/api/trips-api';
import { prefetchActiveTrip } from '@/features/trips/dashboard';
/* eslint-enable no-restricted-imports */
import { authApi } from '@/lib/auth/auth-api';
import type { RoleCode } from '@/lib/auth/types';
import { apiUrl, server } from '@/test/server';
import { makeStore } from './store';

// public/boot.js asks for a stored session's first calls before the app loads: they must be
// the very calls (URL and headers) the app's queries then make, or nobody takes them.
const jwt = (role: RoleCode) => `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sid: 's', role })).replace(/=+$/, '')}.signature`;

/** The calls boot.js makes for a stored session opening `path`, after its first frame. */
async function bootCalls(path: string, role: RoleCode) {
  localStorage.setItem('token', jwt(role));
  window.history.replaceState(null, '', path);
  const fetch = vi.spyOn(window, 'fetch').mockImplementation(() => Promise.resolve(Response.json({ content: [] })));
  try {
    new Function(bootScript)();
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 10)));
    return fetch.mock.calls.map(([url, init]) => {
      const headers = new Headers(init?.headers);
      return `${String(url)} ${headers.get('Accept')} ${headers.get('Authorization')}`;
    });
  } finally {
    fetch.mockRestore();
  }
}

/** The calls the app makes for the page's first render (its tiles' or list's queries). */
async function appCalls(role: RoleCode, page: 'dashboard' | 'transactions' | 'navigation') {
  const seen: string[] = [];
  server.use(
    http.get(apiUrl('/*'), ({ request }) => {
      seen.push(`${request.url} ${request.headers.get('Accept')} ${request.headers.get('Authorization')}`);
      return HttpResponse.json(request.url.includes('/compliance') ? [] : { content: [], unreadCount: 0 });
    }),
  );
  localStorage.setItem('token', jwt(role));
  const store = makeStore();
  const owner = role === 'ROLE_COMPANY';
  const requests: Promise<unknown>[] = [store.dispatch(authApi.endpoints.getAccount.initiate()), store.dispatch(authApi.endpoints.getPermissions.initiate())];
  if (page === 'dashboard') {
    // What the role's dashboard route's preload asks for (src/app/dashboard-route.tsx).
    store.dispatch(prefetchDashboard(role));
    if (owner) store.dispatch(prefetchDriverRequests());
    else {
      requests.push(store.dispatch(prefetchActiveTrip()));
      store.dispatch(prefetchMyCard());
    }
  } else if (page === 'navigation') {
    // The planner's list of the map's opening view, sorted as it opens, and its chains' and affiliates' names.
    store.dispatch(prefetchPlanner());
    requests.push(...store.dispatch(plannerApi.util.getRunningQueriesThunk()));
  } else {
    requests.push(store.dispatch(transactionsApi.endpoints.getTransactions.initiate(toQuery(owner ? 'company' : 'driver', defaultFilters()))));
    if (owner) requests.push(store.dispatch(transactionsApi.endpoints.getTransactionCardOptions.initiate()));
  }
  if (owner) requests.push(store.dispatch(alertsApi.endpoints.getUnreadAlertCount.initiate()));
  else requests.push(store.dispatch(notificationsApi.endpoints.getUnreadNotificationCount.initiate()));
  await Promise.allSettled(requests);
  await vi.waitFor(() => expect(store.getState().api.queries).not.toEqual({}));
  await new Promise((resolve) => setTimeout(resolve, 50));
  return seen;
}


afterEach(() => {
  delete window.fuelportalPreloads;
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  document.documentElement.removeAttribute('data-boot');
});

describe('boot.js preloads', () => {
  for (const role of ['ROLE_COMPANY', 'ROLE_USER'] as const) {
    for (const page of ['dashboard', 'transactions', 'navigation'] as const) {
      it(`asks for the calls the app makes first: ${page}, ${role}`, async () => {
        const boot = await bootCalls(`/${page}`, role);
        expect(window.fuelportalPreloads?.map((call) => call.url).sort()).toEqual(boot.map((call) => call.split(' ')[0]).sort());
        delete window.fuelportalPreloads;
        const app = await appCalls(role, page);
        expect([...boot].sort()).toEqual([...new Set(app)].sort());
      });
    }
  }

  it("asks for a driver's active trip on the planner on a phone only, as the app does", async () => {
    const phone = (matches: boolean) => Object.defineProperty(window, 'matchMedia', { configurable: true, value: () => ({ matches }) });
    try {
      phone(true);
      const boot = (await bootCalls('/navigation', 'ROLE_USER')).map((call) => call.split(' ')[0]);
      delete window.fuelportalPreloads;
      const seen: string[] = [];
      server.use(http.get(apiUrl('/trips'), ({ request }) => (seen.push(request.url), HttpResponse.json({ content: [] }))));
      localStorage.setItem('token', jwt('ROLE_USER'));
      await makeStore().dispatch(tripsApi.endpoints.getActiveTrip.initiate());
      expect(seen).toHaveLength(1);
      expect(boot).toContain(seen[0]);
      phone(false);
      expect((await bootCalls('/navigation', 'ROLE_USER')).some((call) => call.includes('/trips'))).toBe(false);
    } finally {
      Reflect.deleteProperty(window, 'matchMedia');
    }
  });

  it('asks for nothing on other pages, nor without a stored session', async () => {
    expect(await bootCalls('/settings', 'ROLE_COMPANY')).toEqual([]);
    localStorage.removeItem('token');
    window.history.replaceState(null, '', '/dashboard');
    new Function(bootScript)();
    expect(window.fuelportalPreloads).toBeUndefined();
  });
});
