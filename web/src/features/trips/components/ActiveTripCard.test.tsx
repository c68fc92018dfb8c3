import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/lib/paths';
import { renderApp } from '@/test/render';
import { apiUrl, driverAccount, server } from '@/test/server';
import { trip, tripDetail, tripPage } from '../test/fixtures';

const session = { token: 't1', refreshToken: 'r1' };

/** The driver's dashboard around the active trip (or none). */
function driverApi(active: boolean) {
  const tripQueries: Record<string, string>[] = [];
  server.use(
    http.get(apiUrl('/account'), () => HttpResponse.json(driverAccount)),
    http.get(apiUrl('/wex/total-spendings'), () => HttpResponse.json([{ total: 900, saved: 100 }])),
    http.get(apiUrl('/wex/transactions'), () => HttpResponse.json({ content: [], page: { number: 0, size: 3, totalElements: 0, totalPages: 0 } })),
    http.get(apiUrl('/trips'), ({ request }) => {
      tripQueries.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json(tripPage(active ? [trip] : []));
    }),
    http.get(apiUrl('/trips/41'), () => HttpResponse.json(tripDetail)),
  );
  return tripQueries;
}

afterEach(() => vi.unstubAllGlobals());

describe('active trip on the driver’s dashboard', () => {
  it('shows the next stop not bought yet, its miles along the plan, gallons, price and the stops after it', async () => {
    const queries = driverApi(true);
    renderApp(paths.dashboard, { session });
    const card = await screen.findByTestId('next-stop-card');
    await waitFor(() => expect(within(card).getByTestId('next-stop-name')).toHaveTextContent('Pilot Travel Center #1187'));
    expect(within(card).getByTestId('next-stop-miles')).toHaveTextContent('66.5 mi along the route');
    expect(within(card).getByTestId('next-stop-gallons')).toHaveTextContent('Buy 45.5 gal');
    expect(within(card).getByTestId('next-stop-price')).toHaveTextContent('$3.11/gal');
    expect(within(card).getByTestId('next-stop-remaining')).toHaveTextContent('No stops after this one');
    expect(within(card).getByRole('link', { name: 'Trip details' })).toHaveAttribute('href', '/trips/41');
    expect(queries[0]).toEqual({ page: '0', size: '1', status: 'ACTIVE' });
  });

  it('measures from the driver’s position once the browser gives it', async () => {
    driverApi(true);
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (success: PositionCallback) =>
          success({ coords: { latitude: 33.6, longitude: -97.15 } } as GeolocationPosition),
      },
    });
    const { user } = renderApp(paths.dashboard, { session });
    const card = await screen.findByTestId('next-stop-card');
    await waitFor(() => expect(within(card).getByTestId('next-stop-name')).toHaveTextContent('Pilot Travel Center #1187'));
    await user.click(within(card).getByRole('button', { name: 'Distance from my position' }));
    // On the route at its third point: the road miles to the Ardmore stop, not the straight line.
    await waitFor(() => expect(within(card).getByTestId('next-stop-miles')).toHaveTextContent('39.7 mi away'));
  });

  it('opens the planner centred on the next stop with one tap', async () => {
    driverApi(true);
    const { router, user } = renderApp(paths.dashboard, { session });
    const card = await screen.findByTestId('next-stop-card');
    await waitFor(() => expect(within(card).getByTestId('next-stop-name')).toHaveTextContent('Pilot Travel Center #1187'));
    await user.click(within(card).getByRole('button', { name: 'Show next stop on the map' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.navigation));
    expect(router.state.location.state).toEqual({ centreOn: { latitude: 34.1743, longitude: -97.1436 } });
  });

  it('shows nothing when the driver has no active trip', async () => {
    const queries = driverApi(false);
    renderApp(paths.dashboard, { session });
    expect(await screen.findByTestId('total-spendings-amount')).toBeInTheDocument();
    await waitFor(() => expect(queries).toHaveLength(1));
    expect(screen.queryByTestId('next-stop-card')).not.toBeInTheDocument();
  });
});
