import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
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

/** The company's vehicles in service, as GET /api/trips/units answers them (a driver's with their card's unit first). */
const units = (defaultUnitNumber: string | null = null) => ({
  value: [
    { unitNumber: 'TRK-1', plate: 'TX 4821' },
    { unitNumber: 'TRK-2', plate: '' },
  ],
  defaultUnitNumber,
});

function serveCreate(answer = trip, unitsAnswer = units()) {
  const bodies: unknown[] = [];
  server.use(
    http.get(apiUrl('/trips/units'), () => HttpResponse.json(unitsAnswer)),
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
    // The card's unit is offered first.
    expect(within(dialog).getByRole('combobox', { name: /Unit/ })).toHaveTextContent(/^TRK-1$/);
    await user.click(within(dialog).getByRole('switch', { name: 'Lock card to this plan' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save trip' }));

    await waitFor(() => expect(bodies).toEqual([{ ...planned, cardNumber: '7071000000000000011', lockCard: true, unitNumber: 'TRK-1' }]));
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
    expect(within(dialog).queryByRole('combobox', { name: /Card/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save trip' }));
    await waitFor(() => expect(bodies).toEqual([{ ...planned, cardNumber: '7071000000000000011', lockCard: false }]));
    expect(await within(dialog).findByTestId('trip-saved')).toBeInTheDocument();
  });

  it('offers a driver their card’s unit first and lets them choose another, or none, from the keyboard', async () => {
    server.use(http.get(apiUrl('/account'), () => HttpResponse.json(driverAccount)));
    const bodies = serveCreate({ ...trip, unitNumber: 'TRK-2' }, units('TRK-1'));
    const { user, store } = renderButton();
    await waitFor(() => expect(store.getState().auth.user).not.toBeNull());
    await user.click(await screen.findByRole('button', { name: 'Save as trip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as trip' });
    const unit = within(dialog).getByRole('combobox', { name: /Unit/ });
    await waitFor(() => expect(unit).toHaveTextContent(/^TRK-1$/));
    expect(within(dialog).getByText('When the card names no unit, the pump check looks for this truck.')).toBeInTheDocument();

    // Keyboard: open the list on the chosen unit, move down one, take it.
    unit.focus();
    await user.keyboard('{ArrowDown}');
    const listbox = await screen.findByRole('listbox', { name: /Unit/ });
    expect(within(listbox).getAllByRole('option').map((option) => option.textContent)).toEqual(['None', 'TRK-1 · plate TX 4821', 'TRK-2']);
    await waitFor(() => expect(within(listbox).getByRole('option', { name: 'TRK-1 · plate TX 4821' })).toHaveFocus());
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(unit).toHaveTextContent(/^TRK-2$/));
    await user.click(within(dialog).getByRole('button', { name: 'Save trip' }));
    await waitFor(() => expect(bodies).toEqual([{ ...planned, cardNumber: '7071000000000000011', lockCard: false, unitNumber: 'TRK-2' }]));
    const saved = await within(dialog).findByTestId('trip-saved');
    expect(saved).toHaveTextContent('Unit TRK-2');
  });

  it('saves without a unit when "None" is chosen', async () => {
    server.use(http.get(apiUrl('/account'), () => HttpResponse.json(driverAccount)));
    const bodies = serveCreate({ ...trip, lockCard: false }, units('TRK-1'));
    const { user, store } = renderButton();
    await waitFor(() => expect(store.getState().auth.user).not.toBeNull());
    await user.click(await screen.findByRole('button', { name: 'Save as trip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as trip' });
    const unit = within(dialog).getByRole('combobox', { name: /Unit/ });
    await waitFor(() => expect(unit).toHaveTextContent('TRK-1'));
    await user.click(unit);
    await user.click(await screen.findByRole('option', { name: 'None' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save trip' }));
    await waitFor(() => expect(bodies).toEqual([{ ...planned, cardNumber: '7071000000000000011', lockCard: false }]));
  });

  it('says while the units load, and saves without one meanwhile', async () => {
    server.use(http.get(apiUrl('/account'), () => HttpResponse.json(driverAccount)));
    const bodies = serveCreate({ ...trip, lockCard: false });
    server.use(
      http.get(apiUrl('/trips/units'), async () => {
        await delay('infinite');
        return HttpResponse.json(units());
      }),
    );
    const { user, store } = renderButton();
    await waitFor(() => expect(store.getState().auth.user).not.toBeNull());
    await user.click(await screen.findByRole('button', { name: 'Save as trip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as trip' });
    expect(await within(dialog).findByText('Loading the units…')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /Unit/ })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Save trip' }));
    await waitFor(() => expect(bodies).toEqual([{ ...planned, cardNumber: '7071000000000000011', lockCard: false }]));
  });

  it('says when the units cannot be loaded, retries, and says when the company has none', async () => {
    server.use(http.get(apiUrl('/account'), () => HttpResponse.json(driverAccount)));
    serveCreate({ ...trip, lockCard: false });
    let fail = true;
    server.use(
      http.get(apiUrl('/trips/units'), () =>
        fail ? HttpResponse.json({ status: 500, message: 'boom' }, { status: 500 }) : HttpResponse.json({ value: [], defaultUnitNumber: null }),
      ),
    );
    const { user, store } = renderButton();
    await waitFor(() => expect(store.getState().auth.user).not.toBeNull());
    await user.click(await screen.findByRole('button', { name: 'Save as trip' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as trip' });
    const failed = await within(dialog).findByRole('alert');
    expect(failed).toHaveTextContent("Couldn't load the units: save the trip without one, or retry.");
    expect(within(dialog).getByRole('combobox', { name: /Unit/ })).toHaveAttribute('aria-disabled', 'true');
    fail = false;
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('No vehicles in service on file: the trip is saved without a unit.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
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
