import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { renderApp } from '@/test/render';
import { apiUrl, driverAccount, server } from '@/test/server';
import type { Trip } from '../api/trip-types';
import { trip, tripPage } from '../test/fixtures';

const session = { token: 't1', refreshToken: 'r1' };

type Params = Record<string, string>;

function serveTrips(respond: (params: Params) => ReturnType<typeof tripPage>) {
  const requests: Params[] = [];
  server.use(
    http.get(apiUrl('/trips'), ({ request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams);
      requests.push(params);
      return HttpResponse.json(respond(params));
    }),
    http.get(apiUrl('/wex/company/get-cards'), () =>
      HttpResponse.json({
        value: [
          { cardNumber: '7071000000000000011', status: 'ACTIVE', driverName: 'Dan Driver', driverId: 'D-1', unitNumber: 'TRK-1' },
          { cardNumber: '7071000000000005678', status: 'ACTIVE', driverName: 'Ana Ruiz', driverId: 'D-2', unitNumber: 'TRK-2' },
        ],
      }),
    ),
  );
  return requests;
}

const trips = (from: number, count: number): Trip[] =>
  Array.from({ length: count }, (_, index) => ({ ...trip, id: from + index, originName: `Origin ${from + index}` }));

describe('trips list', () => {
  it('lists the trips with route, driver, masked card, unit, status, lock and plan cost, each linking to its page', async () => {
    serveTrips(() => tripPage([{ ...trip, unitNumber: 'TRK-185' }, { ...trip, id: 42, status: 'CANCELLED', lockCard: false }]));
    renderApp(paths.trips, { session });
    const rows = await screen.findAllByTestId('trip-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Dallas, TX → Oklahoma City, OK');
    expect(rows[0]).toHaveTextContent('Dan Driver · 7071 •••• 0011');
    expect(rows[0]).toHaveTextContent('Active');
    expect(rows[0]).toHaveTextContent('Card locked');
    expect(rows[0]).toHaveTextContent('2 stops · $334.60');
    expect(rows[0]).toHaveAttribute('href', '/trips/41');
    expect(rows[0]).toHaveTextContent('Unit TRK-185');
    expect(rows[1]).toHaveTextContent('Cancelled');
    expect(rows[1]).not.toHaveTextContent('Unit');
    expect(within(rows[1]!).queryByText('Card locked')).not.toBeInTheDocument();
    expect(screen.getByText('No more trips to load')).toBeInTheDocument();
  });

  it('filters by status and card (owner), restarting at page 0', async () => {
    const requests = serveTrips(() => tripPage([trip]));
    const { user } = renderApp(paths.trips, { session });
    await screen.findAllByTestId('trip-row');
    expect(requests[0]).toEqual({ page: '0', size: '20' });

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Active' }));
    await waitFor(() => expect(requests.at(-1)).toEqual({ page: '0', size: '20', status: 'ACTIVE' }));

    await user.click(screen.getByRole('combobox', { name: 'Card' }));
    await user.click(await screen.findByRole('option', { name: /Ana Ruiz/ }));
    await waitFor(() => expect(requests.at(-1)).toEqual({ page: '0', size: '20', status: 'ACTIVE', cardNumber: '7071000000000005678' }));
  });

  it('loads the next page on request and stops at the last one', async () => {
    const requests = serveTrips((params) => (params.page === '0' ? tripPage(trips(1, 20), 0, 2) : tripPage(trips(21, 3), 1, 2)));
    const { user } = renderApp(paths.trips, { session });
    expect(await screen.findAllByTestId('trip-row')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Load more trips' }));
    await waitFor(() => expect(screen.getAllByTestId('trip-row')).toHaveLength(23));
    expect(requests.map((params) => params.page)).toEqual(['0', '1']);
    expect(screen.queryByRole('button', { name: 'Load more trips' })).not.toBeInTheDocument();
  });

  it('says when there are no trips, and offers a retry when the load fails', async () => {
    let fail = true;
    server.use(
      http.get(apiUrl('/trips'), () =>
        fail ? HttpResponse.json({ status: 500, message: 'boom' }, { status: 500 }) : HttpResponse.json(tripPage([])),
      ),
      http.get(apiUrl('/wex/company/get-cards'), () => HttpResponse.json({ value: [] })),
    );
    const { user } = renderApp(paths.trips, { session });
    expect(await screen.findByTestId('load-error')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No trips yet. Plan a route and save it as a trip.')).toBeInTheDocument();
  });

  it('shows a driver their trips without the card filter or the compliance link', async () => {
    server.use(http.get(apiUrl('/account'), () => HttpResponse.json(driverAccount)));
    serveTrips(() => tripPage([trip]));
    renderApp(paths.trips, { session });
    await screen.findAllByTestId('trip-row');
    expect(screen.queryByRole('combobox', { name: 'Card' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Compliance' })).not.toBeInTheDocument();
  });
});
