import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
/* eslint-disable no-restricted-imports -- what a route's preload leaves in the store, read through the features' own endpoints */
import { driverRequestsApi } from '@/features/fuel-cards/api/driver-requests-api';
import { plannerApi } from '@/features/planner/api/planner-api';
import { OPENING_SORT } from '@/features/planner/model/constants';
import { listSearchFor, OPENING_VIEW } from '@/features/planner/model/viewport';
import { plannerHandlers } from '@/features/planner/test/handlers';
import { tripsApi } from '@/features/trips/api/trips-api';
/* eslint-enable no-restricted-imports */
import { apiUrl, server } from '@/test/server';
import { DashboardPage } from './dashboard-route';
import { PlannerPage } from './planner-route';
import { makeStore } from './store';

// A page's preload (src/app/preload.ts, before React's first render) asks for what its first
// screen shows: the page then renders it at once instead of rendering again for each answer.
afterEach(() => localStorage.clear());

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
