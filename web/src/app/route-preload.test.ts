import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
/* eslint-disable no-restricted-imports -- what a route's preload leaves in the store, read through the features' own endpoints */
import { driverRequestsApi } from '@/features/fuel-cards/api/driver-requests-api';
import { iftaApi } from '@/features/ifta/api/ifta-api';
import { periodFromSearch } from '@/features/ifta/model/quarter';
import { plannerApi } from '@/features/planner/api/planner-api';
import { OPENING_SORT } from '@/features/planner/model/constants';
import { listSearchFor, OPENING_VIEW } from '@/features/planner/model/viewport';
import { plannerHandlers } from '@/features/planner/test/handlers';
import { tripsApi } from '@/features/trips/api/trips-api';
/* eslint-enable no-restricted-imports */
import { apiUrl, server } from '@/test/server';
import { DashboardPage } from './dashboard-route';
import { PlannerPage } from './planner-route';
import { startSignedInLoad } from './preload';
import { makeStore } from './store';

// A page's preload (src/app/preload.ts, before React's first render) asks for what its first
// screen shows: the page then renders it at once instead of rendering again for each answer.
afterEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('route preloads', () => {
  it("owner's dashboard: the drivers waiting for approval (the section above the tiles)", async () => {
    const store = makeStore();
    await DashboardPage.preload({ role: 'ROLE_COMPANY', access: 'everything' }, store.dispatch);
    await vi.waitFor(() => expect(driverRequestsApi.endpoints.getDriverRequests.select()(store.getState()).status).toBe('fulfilled'));
  });

  it("driver's dashboard: the active trip, then its detail", async () => {
    const trip = { id: 42, name: 'Dallas run', status: 'ACTIVE' };
    server.use(
      http.get(apiUrl('/trips'), () => HttpResponse.json({ content: [trip], page: { size: 1, number: 0, totalElements: 1, totalPages: 1 } })),
      http.get(apiUrl('/trips/42'), () => HttpResponse.json({ ...trip, purchases: [] })),
    );
    const store = makeStore();
    await DashboardPage.preload({ role: 'ROLE_USER', access: 'driver' }, store.dispatch);
    await vi.waitFor(() => expect(tripsApi.endpoints.getActiveTrip.select()(store.getState()).data).toMatchObject({ id: 42 }));
    await vi.waitFor(() => expect(tripsApi.endpoints.getTrip.select(42)(store.getState()).data).toMatchObject({ id: 42 }));
  });

  it("planner: the opening view's stations as the page first lists them, the chains' and affiliates' names", async () => {
    server.use(...plannerHandlers);
    const store = makeStore();
    await PlannerPage.preload({ role: 'ROLE_USER', access: 'driver' }, store.dispatch);
    const opening = listSearchFor(OPENING_VIEW, OPENING_SORT.sortBy, OPENING_SORT.direction, []);
    await vi.waitFor(() => expect(plannerApi.endpoints.getStations.select(opening)(store.getState()).status).toBe('fulfilled'));
    expect(plannerApi.endpoints.getChains.select()(store.getState()).status).not.toBe('uninitialized');
    expect(plannerApi.endpoints.getAffiliates.select()(store.getState()).status).not.toBe('uninitialized');
  });
});

describe('startSignedInLoad', () => {
  // src/start.tsx renders once it settles: an answer landing during the first render (a transition)
  // would make React render the whole page again in one blocking task.
  it("settles once the page's first data has answered, so that the first render finds it in the store", async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let asked = false;
    server.use(
      http.get(apiUrl('/wex/company/ifta/returns'), async () => {
        asked = true;
        await answered;
        return HttpResponse.json({});
      }),
    );
    localStorage.setItem('token', `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sid: 's', role: 'ROLE_COMPANY', mrole: 'owner' })).replace(/=+$/, '')}.signature`);
    window.history.replaceState(null, '', '/ifta');
    const store = makeStore();
    let settled = false;
    const loaded = startSignedInLoad(store, '/ifta').then(() => (settled = true));
    // The return is asked for once the permissions allow it: the load waits for its answer.
    await vi.waitFor(() => expect(asked).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    answer();
    await loaded;
    expect(iftaApi.endpoints.getIftaReturn.select(periodFromSearch(new URLSearchParams()))(store.getState()).status).toBe('fulfilled');
  });

  it('settles at once without a stored session', async () => {
    await expect(startSignedInLoad(makeStore(), '/dashboard')).resolves.toBeUndefined();
  });
});
