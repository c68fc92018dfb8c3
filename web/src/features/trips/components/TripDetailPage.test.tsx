import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { tripDetailPath } from '@/lib/paths';
import { renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import type { TripDetail, TripPlan, TripStatus } from '../api/trip-types';
import { plan, tripDetail } from '../test/fixtures';

const session = { token: 't1', refreshToken: 'r1' };

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
