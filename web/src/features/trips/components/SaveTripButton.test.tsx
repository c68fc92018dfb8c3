import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { apiUrl, driverAccount, server } from '@/test/server';
import { routePoints, trip } from '../test/fixtures';
import { SaveTripButton, type PlannedTrip } from './SaveTripButton';

const session = { token: 't1', refreshToken: 'r1' };

const planned: PlannedTrip = {
  routePoints,
  tankCapacity: 200,
  currentFuel: 60,
  searchRadius: 5,
  minGallonsPurchase: 5,
  originName: 'Dallas, TX',
  destinationName: 'Oklahoma City, OK',
};

function renderButton() {
  const view = renderApp('/save', {
    session,
    extraRoutes: [{ path: '/save', element: <SaveTripButton planned={planned} /> }],
  });
  return view;
}

function serveCreate(answer = trip) {
  const bodies: unknown[] = [];
  server.use(
    http.post(apiUrl('/trips'), async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json(answer, { status: 201 });
    }),
    http.get(apiUrl('/wex/company/get-cards'), () =>
      HttpResponse.json({
        value: [
          { cardNumber: '7071000000000000011', status: 'ACTIVE', driverName: 'Dan Driver', driverId: 'D-1', unitNumber: 'TRK-1' },
          { cardNumber: '7071000000000009999', status: 'INACTIVE', driverName: 'Old Card', driverId: 'D-9', unitNumber: 'TRK-9' },
        ],
      }),
    ),
  );
  return bodies;
}

describe('Save as trip', () => {
  it('lets an owner pick an active company card and lock it, then shows the saved trip', async () => {
    const bodies = serveCreate();
    const { user, store } = renderButton();
    await waitFor(() => expect(store.getState().auth.user).not.toBeNull());
    await user.click(await screen.findByRole('button', { name: 'Save as trip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as trip' });
    expect(dialog).toHaveTextContent('Dallas, TX → Oklahoma City, OK');

    // No card yet: the save asks for one.
    await user.click(within(dialog).getByRole('button', { name: 'Save trip' }));
    expect(await within(dialog).findByText('Choose a card')).toBeInTheDocument();
    expect(bodies).toEqual([]);

    await user.click(within(dialog).getByRole('combobox', { name: /Card/ }));
    expect(screen.queryByRole('option', { name: /Old Card/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: /Dan Driver/ }));
    await user.click(within(dialog).getByRole('switch', { name: 'Lock card to this plan' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save trip' }));

    await waitFor(() => expect(bodies).toEqual([{ ...planned, cardNumber: '7071000000000000011', lockCard: true }]));
    const saved = await within(dialog).findByTestId('trip-saved');
    expect(saved).toHaveTextContent('Trip saved');
    expect(saved).toHaveTextContent('2 stops · $334.60 · Card locked');
    expect(within(dialog).getByRole('link', { name: 'View trip' })).toHaveAttribute('href', '/trips/41');
  });

  it('saves a driver’s plan on their own card, unlocked unless switched', async () => {
    server.use(http.get(apiUrl('/account'), () => HttpResponse.json(driverAccount)));
    const bodies = serveCreate({ ...trip, lockCard: false });
    const { user, store } = renderButton();
    await waitFor(() => expect(store.getState().auth.user).not.toBeNull());
    await user.click(await screen.findByRole('button', { name: 'Save as trip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as trip' });
    expect(within(dialog).getByTestId('own-card')).toHaveTextContent('Your card 7071 •••• 0011');
    expect(within(dialog).queryByRole('combobox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save trip' }));
    await waitFor(() => expect(bodies).toEqual([{ ...planned, cardNumber: '7071000000000000011', lockCard: false }]));
    expect(await within(dialog).findByTestId('trip-saved')).toBeInTheDocument();
  });

  it('shows the server’s refusal and stays open', async () => {
    server.use(
      http.get(apiUrl('/account'), () => HttpResponse.json(driverAccount)),
      http.post(apiUrl('/trips'), () => HttpResponse.json({ status: 400, message: { cardNumber: ['card is inactive'] } }, { status: 400 })),
    );
    const { user, store } = renderButton();
    await waitFor(() => expect(store.getState().auth.user).not.toBeNull());
    await user.click(await screen.findByRole('button', { name: 'Save as trip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as trip' });
    await user.click(within(dialog).getByRole('button', { name: 'Save trip' }));
    expect(await within(dialog).findByText('card is inactive')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('trip-saved')).not.toBeInTheDocument();
  });
});
