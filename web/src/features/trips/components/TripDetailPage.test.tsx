import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { tripDetailPath } from '@/lib/paths';
import { renderApp } from '@/test/render';
import { apiUrl, driverAccount, server } from '@/test/server';
import type { TripDetail, TripPlan, TripRequest, TripStatus } from '../api/trip-types';
import { plan, tripDetail } from '../test/fixtures';

const session = { token: 't1', refreshToken: 'r1' };

// jsdom has no WebGL: the page says the map cannot be drawn (TripMapSection.test.tsx draws a stand-in).
vi.mock('@/lib/map', async (original) => ({ ...(await original<typeof import('@/lib/map')>()), supportsWebGL: () => false }));

/** Serves the trip and records each action's body; actions answer the trip in its new status. */
function serveTrip(detail: TripDetail = tripDetail, planVersions: TripPlan[] = [plan]) {
  let current = detail;
  const actions: { path: string; body: unknown }[] = [];
  const act = (action: string, status: TripStatus) =>
    http.post(apiUrl(`/trips/${detail.id}/${action}`), async ({ request }) => {
      const text = await request.text();
      actions.push({ path: action, body: text ? (JSON.parse(text) as unknown) : null });
      current = { ...current, status };
      return HttpResponse.json(current);
    });
  let versions = planVersions;
  server.use(
    http.get(apiUrl(`/trips/${detail.id}`), () => HttpResponse.json(current)),
    http.get(apiUrl(`/trips/${detail.id}/plans`), ({ request }) => {
      const url = new URL(request.url);
      const page = Number(url.searchParams.get('page')), size = Number(url.searchParams.get('size'));
      const newestFirst = [...versions].reverse();
      return HttpResponse.json({
        content: newestFirst.slice(page * size, (page + 1) * size),
        page: { number: page, size, totalElements: versions.length, totalPages: Math.ceil(versions.length / size) },
      });
    }),
    act('complete', 'COMPLETED'),
    act('cancel', 'CANCELLED'),
    http.post(apiUrl(`/trips/${detail.id}/replan`), async ({ request }) => {
      actions.push({ path: 'replan', body: await request.json() });
      const replanned = { ...plan, version: 2, reason: 'REPLANNED' as const, fuelPlan: plan.fuelPlan.slice(1) };
      versions = [...versions, replanned];
      current = { ...current, plan: replanned, planVersionCount: versions.length };
      return HttpResponse.json(current);
    }),
  );
  return actions;
}

describe('trip detail', () => {
  it('shows the current plan, the purchases on and off the plan with decline reasons, and the versions', async () => {
    serveTrip();
    renderApp(tripDetailPath(41), { session });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dallas, TX → Oklahoma City, OK' })).toBeInTheDocument();
    expect(screen.getByTestId('trip-detail-unit')).toHaveTextContent('None');
    const map = screen.getByRole('region', { name: 'Route map' });
    expect(within(map).getByText(/The map needs WebGL/)).toBeInTheDocument();
    expect(within(map).getByTestId('trip-map-next')).toHaveTextContent('Next stop (highlighted): 2. Pilot Travel Center #1187');
    const stops = screen.getAllByTestId('plan-stop');
    expect(stops).toHaveLength(2);
    expect(stops[0]).toHaveTextContent("1. Love's Travel Stop #210");
    expect(stops[0]).toHaveTextContent('Bought');
    expect(stops[1]).toHaveTextContent('45.5 gal at $3.11/gal · $141.46');
    const purchases = screen.getAllByTestId('trip-purchase');
    expect(purchases[0]).toHaveTextContent('On plan');
    expect(purchases[1]).toHaveTextContent('Declined');
    expect(within(purchases[1]!).getByTestId('decline-reason')).toHaveTextContent('Not a planned stop');
    expect((await screen.findAllByTestId('plan-version'))[0]).toHaveTextContent('Version 1 · Planned');
    // The next stop is the one not bought yet.
    expect(screen.getByTestId('next-stop-name')).toHaveTextContent('Pilot Travel Center #1187');
    expect(screen.getByTestId('next-stop-miles')).toHaveTextContent('66.5 mi along the route');
  });

  it('counts the plan versions, shows the newest and pages the older ones', async () => {
    const versions = Array.from({ length: 12 }, (_, i): TripPlan => ({ ...plan, version: i + 1, reason: i ? 'PRICE_CHANGE' : 'CREATED' }));
    serveTrip({ ...tripDetail, plan: versions[11]!, planVersionCount: 12 }, versions);
    const { user } = renderApp(tripDetailPath(41), { session });
    const section = await screen.findByRole('region', { name: 'Plan versions (12)' });
    await waitFor(() => expect(within(section).getAllByTestId('plan-version')).toHaveLength(10));
    expect(within(section).getAllByTestId('plan-version')[0]).toHaveTextContent('Version 12 · Re-planned after a price change');
    await user.click(within(section).getByRole('button', { name: 'Show older versions' }));
    await waitFor(() => expect(within(section).getAllByTestId('plan-version')).toHaveLength(12));
    expect(within(section).getAllByTestId('plan-version')[11]).toHaveTextContent('Version 1 · Planned');
    expect(within(section).queryByRole('button', { name: 'Show older versions' })).not.toBeInTheDocument();
  });

  it('completes the trip, after which its actions are gone', async () => {
    const actions = serveTrip();
    const { user } = renderApp(tripDetailPath(41), { session });
    await user.click(await screen.findByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(actions).toEqual([{ path: 'complete', body: null }]));
    expect(await screen.findByText('Trip completed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Complete' })).not.toBeInTheDocument());
    expect(screen.getByTestId('trip-status')).toHaveTextContent('Completed');
  });

  it('cancels only once confirmed', async () => {
    const actions = serveTrip();
    const { user } = renderApp(tripDetailPath(41), { session });
    await user.click(await screen.findByRole('button', { name: 'Cancel trip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this trip?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep trip' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(actions).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel trip' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel trip' }));
    await waitFor(() => expect(actions).toEqual([{ path: 'cancel', body: null }]));
    await waitFor(() => expect(screen.getByTestId('trip-status')).toHaveTextContent('Cancelled'));
  });

  it('re-plans from a typed position and fuel level, refusing fuel above the tank', async () => {
    const actions = serveTrip();
    const { user } = renderApp(tripDetailPath(41), { session });
    await user.click(await screen.findByRole('button', { name: 'Re-plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-plan from here' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Latitude' }), '33.6');
    await user.type(within(dialog).getByRole('textbox', { name: 'Longitude' }), '-97.15');
    await user.type(within(dialog).getByRole('textbox', { name: 'Current fuel (gal)' }), '250');
    await user.click(within(dialog).getByRole('button', { name: 'Re-plan' }));
    expect(await within(dialog).findByText('Current fuel must be between 0 and the tank capacity (200 gal)')).toBeInTheDocument();
    expect(actions).toEqual([]);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Current fuel (gal)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Current fuel (gal)' }), '80.5');
    await user.click(within(dialog).getByRole('button', { name: 'Re-plan' }));
    await waitFor(() => expect(actions).toEqual([{ path: 'replan', body: { latitude: 33.6, longitude: -97.15, currentFuel: 80.5 } }]));
    expect(await screen.findByText('The trip was re-planned')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('plan-version')).toHaveLength(2));
    expect(screen.getAllByTestId('plan-version')[0]).toHaveTextContent('Version 2 · Re-planned');
  });

  it('says when the trip is not there', async () => {
    server.use(http.get(apiUrl('/trips/999'), () => HttpResponse.json({ status: 404, message: 'Not found' }, { status: 404 })));
    renderApp(tripDetailPath(999), { session });
    expect(await screen.findByText('Trip not found')).toBeInTheDocument();
  });
});

/** The signed-in driver's trip requests: each ask is recorded and listed as PENDING. */
function serveDriverRequests(initial: TripRequest[] = []) {
  let requests = [...initial];
  const asked: { path: string; body: unknown }[] = [];
  const base = { tripId: 41, cardNumber: '7071000000000000011', driverName: 'Dan Driver', message: '', latitude: null, longitude: null, currentFuel: null, planVersion: null, createdAt: '2026-11-24T16:00:00Z', decidedAt: null };
  server.use(
    http.get(apiUrl('/account'), () => HttpResponse.json(driverAccount)),
    http.get(apiUrl('/trips/41/requests'), () => HttpResponse.json({ content: requests })),
    http.post(apiUrl('/trips/41/:ask'), async ({ params, request }) => {
      const text = await request.text();
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
      asked.push({ path: String(params.ask), body });
      const kind = params.ask === 'end-request' ? 'END' : 'REPLAN';
      const created: TripRequest = { ...base, id: 7 + requests.length, kind, status: 'PENDING', message: String(body?.message ?? '') };
      requests = [created, ...requests];
      return HttpResponse.json(created, { status: 202 });
    }),
  );
  return asked;
}

describe("a driver on a trip the owner locked", () => {
  it('asks to end the trip instead of ending it, and sees the request waiting', async () => {
    serveTrip();
    const asked = serveDriverRequests();
    const { user } = renderApp(tripDetailPath(41), { session });
    const actions = await screen.findByTestId('locked-trip-actions');
    expect(within(actions).queryByRole('button', { name: 'Complete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel trip' })).not.toBeInTheDocument();
    await user.click(within(actions).getByRole('button', { name: 'Ask to end trip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask to end this trip?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Message for your fleet manager (optional)' }), 'Delivered early');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(asked).toEqual([{ path: 'end-request', body: { message: 'Delivered early' } }]));
    expect(await screen.findByTestId('trip-request-state')).toHaveTextContent('Waiting for your fleet manager: you asked to end this trip');
    await waitFor(() => expect(within(actions).getByRole('button', { name: 'Ask to end trip' })).toBeDisabled());
  });

  it('asks to re-plan from a position, the plan unchanged until approved', async () => {
    serveTrip();
    const asked = serveDriverRequests();
    const { user } = renderApp(tripDetailPath(41), { session });
    await user.click(await screen.findByRole('button', { name: 'Ask to re-plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask to re-plan from here' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Latitude' }), '33.6');
    await user.type(within(dialog).getByRole('textbox', { name: 'Longitude' }), '-97.15');
    await user.type(within(dialog).getByRole('textbox', { name: 'Current fuel (gal)' }), '80');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(asked).toEqual([{ path: 'replan-request', body: { latitude: 33.6, longitude: -97.15, currentFuel: 80 } }]));
    expect(await screen.findByTestId('trip-request-state')).toHaveTextContent('you asked to re-plan this trip');
    expect(screen.getAllByTestId('plan-version')).toHaveLength(1);
  });

  it('is told when the owner denied', async () => {
    serveTrip();
    serveDriverRequests([{ id: 3, tripId: 41, kind: 'END', status: 'DENIED', cardNumber: '', driverName: 'Dan Driver', message: '', latitude: null, longitude: null, currentFuel: null, planVersion: null, createdAt: '2026-11-24T16:00:00Z', decidedAt: '2026-11-24T16:05:00Z' }]);
    renderApp(tripDetailPath(41), { session });
    expect(await screen.findByTestId('trip-request-state')).toHaveTextContent('Your fleet manager denied your request to end this trip.');
  });
});

describe('the owner and a driver request', () => {
  it('approves the driver’s request to end the trip from the trip page', async () => {
    serveTrip();
    let pending: TripRequest[] = [{ id: 5, tripId: 41, kind: 'END', status: 'PENDING', cardNumber: '', driverName: 'Dan Driver', message: 'Delivered', latitude: null, longitude: null, currentFuel: null, planVersion: null, createdAt: '2026-11-24T16:00:00Z', decidedAt: null }];
    const decided: string[] = [];
    server.use(
      http.get(apiUrl('/trips/41/requests'), () => HttpResponse.json({ content: pending })),
      http.post(apiUrl('/wex/company/trip-requests/:id/:decision'), ({ params }) => {
        decided.push(`${String(params.decision)} ${String(params.id)}`);
        pending = [];
        return HttpResponse.json({ id: 5, status: 'APPROVED' });
      }),
    );
    const { user } = renderApp(tripDetailPath(41), { session });
    const request = await screen.findByTestId('owner-trip-request');
    expect(request).toHaveTextContent('Dan Driver asks to end this trip. “Delivered”');
    await user.click(within(request).getByRole('button', { name: 'End trip' }));
    await waitFor(() => expect(decided).toEqual(['approve 5']));
    expect(await screen.findByText('Trip ended: the card lock is lifted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('owner-trip-request')).not.toBeInTheDocument());
  });
});

describe('re-plan with the browser position', () => {
  it('fills the position from the browser when the driver taps "Use my location"', async () => {
    const actions = serveTrip();
    const original = navigator.geolocation;
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition: (success: PositionCallback) => success({ coords: { latitude: 34.5, longitude: -97.2 } } as GeolocationPosition) },
    });
    try {
      const { user } = renderApp(tripDetailPath(41), { session });
      await user.click(await screen.findByRole('button', { name: 'Re-plan' }));
      const dialog = await screen.findByRole('dialog', { name: 'Re-plan from here' });
      await user.click(within(dialog).getByRole('button', { name: 'Use my location' }));
      expect(await within(dialog).findByText('Using your current position.')).toBeInTheDocument();
      expect(within(dialog).getByRole('textbox', { name: 'Latitude' })).toHaveValue('34.50000');
      await user.type(within(dialog).getByRole('textbox', { name: 'Current fuel (gal)' }), '100');
      await user.click(within(dialog).getByRole('button', { name: 'Re-plan' }));
      await waitFor(() => expect(actions).toEqual([{ path: 'replan', body: { latitude: 34.5, longitude: -97.2, currentFuel: 100 } }]));
    } finally {
      Object.defineProperty(navigator, 'geolocation', { configurable: true, value: original });
    }
  });
});
