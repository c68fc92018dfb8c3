import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { renderApp } from '@/test/render';
import { apiUrl, bookkeeperPermissions, dispatcherPermissions, driverAccount, limitedToGroup, ownerAccount, server } from '@/test/server';
import type { FuelCard } from '../api/fuel-cards-api';


const session = { token: 't1', refreshToken: 'r1' };
const noControls = { prompt: 'default' as const, controlsActive: false, overrideUntil: null, monthlyBudget: null, monthSpend: 0, groupId: null };
const networkIssuer = { issuer: 'network', issuerCardId: null, last4: null, expMonth: null, expYear: null, shipping: null } as const;

function cardsApi(update: (body: FuelCard) => Response | Promise<Response> = (body) => HttpResponse.json(body)) {
  const cards: FuelCard[] = [
    { cardNumber: '7071000000000001234', status: 'ACTIVE', driverName: 'Sam Carter', driverId: 'D-1001', unitNumber: 'TRK-12', ...noControls, ...networkIssuer },
    { cardNumber: '7071000000000005678', status: 'INACTIVE', driverName: 'Ana Ruiz', driverId: 'D-1002', unitNumber: 'TRK-14', ...noControls, ...networkIssuer },
  ];
  const searches: (string | null)[] = [];
  const updates: FuelCard[] = [];
  server.use(
    http.get(apiUrl('/wex/company/get-cards'), ({ request }) => {
      const searchText = new URL(request.url).searchParams.get('searchText');
      searches.push(searchText);
      const needle = (searchText ?? '').toLowerCase();
      return HttpResponse.json({ value: cards.filter((card) => JSON.stringify(card).toLowerCase().includes(needle)) });
    }),
    http.put(apiUrl('/wex/company/update-card'), async ({ request }) => {
      const body = (await request.json()) as FuelCard;
      updates.push(body);
      const response = await update(body);
      const index = cards.findIndex((card) => card.cardNumber === body.cardNumber);
      if (response.ok) cards.splice(index, 1, { ...cards[index]!, ...body });
      return response;
    }),
  );
  return { searches, updates };
}

async function openRow(user: ReturnType<typeof renderApp>['user'], cardText: RegExp) {
  const rows = await screen.findAllByTestId('fuel-card-row');
  const row = rows.find((candidate) => cardText.test(candidate.textContent ?? ''))!;
  await user.click(within(row).getAllByRole('button')[0]!);
  return row;
}

describe('fuel cards', () => {
  it('lists the cards masked in groups of 4 and searches on the server after the debounce', async () => {
    const { searches } = cardsApi();
    const { user } = renderApp(paths.fuelCards, { session });

    const numbers = await screen.findAllByTestId('card-number');
    expect(numbers.map((element) => element.textContent)).toEqual(['7071 •••• 1234', '7071 •••• 5678']);
    await user.type(screen.getByRole('searchbox', { name: 'Search cards...' }), 'ana');
    await waitFor(() => expect(screen.getAllByTestId('fuel-card-row')).toHaveLength(1));
    expect(searches).toEqual([null, 'ana']);
  });

  it('asks before deactivating a card; Cancel changes nothing', async () => {
    const { updates } = cardsApi();
    const { user } = renderApp(paths.fuelCards, { session });
    const row = await openRow(user, /Sam Carter/);

    await user.click(within(row).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate this card?' });
    expect(dialog).toHaveTextContent(/^Deactivate this card\?Every purchase on the card 7071 .+ \(Sam Carter\) will be declined/);
    expect(dialog).toHaveTextContent('Sam Carter');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(updates).toEqual([]);
    expect(within(row).getByRole('button', { name: 'Deactivate' })).toBeEnabled();
  });

  it('deactivates a card once confirmed: locked with Deactivating... for about 1 s, toast, list refreshed', async () => {
    const { searches, updates } = cardsApi();
    const { user } = renderApp(paths.fuelCards, { session });
    const row = await openRow(user, /Sam Carter/);

    await user.click(within(row).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate this card?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    // hidden: the page stays aria-hidden while the dialog fades out.
    const locked = within(row).getByRole('button', { name: 'Deactivating...', hidden: true });
    expect(locked).toBeDisabled();
    expect(await screen.findByText('Card status updated successfully')).toBeInTheDocument();
    expect(updates).toEqual([
      { cardNumber: '7071000000000001234', status: 'INACTIVE', driverName: 'Sam Carter', driverId: 'D-1001', unitNumber: 'TRK-12' },
    ]);
    await waitFor(() => expect(searches.length).toBe(2));
    const unlocked = await within(row).findByRole('button', { name: 'Activate' });
    expect(unlocked).toBeEnabled();
    expect(row).toHaveAttribute('data-status', 'INACTIVE');
  });

  it('says when the status update fails and unlocks again', async () => {
    cardsApi(() => HttpResponse.json({ status: 500, message: 'boom' }, { status: 500 }));
    const { user } = renderApp(paths.fuelCards, { session });
    const row = await openRow(user, /Ana Ruiz/);

    await user.click(within(row).getByRole('button', { name: 'Activate' }));
    expect(within(row).getByRole('button', { name: 'Activating...' })).toBeDisabled();
    expect(await screen.findByText('Failed to update card status')).toBeInTheDocument();
    expect(await within(row).findByRole('button', { name: 'Activate' })).toBeEnabled();
  });

  it('requires driver name, driver ID and unit number in Edit Card Details', async () => {
    const { updates } = cardsApi();
    const { user } = renderApp(paths.fuelCards, { session });
    const row = await openRow(user, /Sam Carter/);
    await user.click(within(row).getByRole('button', { name: 'Edit Card' }));

    const dialog = await screen.findByRole('dialog', { name: 'Edit Card Details' });
    for (const label of ['Driver Name', 'Driver ID', 'Unit Number']) await user.clear(within(dialog).getByLabelText(label));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Driver name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Driver ID is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Unit number is required')).toBeInTheDocument();
    expect(updates).toHaveLength(0);
  });

  it('saves the card details with the current status and closes with a toast', async () => {
    const { updates } = cardsApi();
    const { user } = renderApp(paths.fuelCards, { session });
    const row = await openRow(user, /Ana Ruiz/);
    await user.click(within(row).getByRole('button', { name: 'Edit Card' }));

    const dialog = await screen.findByRole('dialog', { name: 'Edit Card Details' });
    await user.clear(within(dialog).getByLabelText('Unit Number'));
    await user.type(within(dialog).getByLabelText('Unit Number'), 'TRK-99');
    await user.click(within(dialog).getByRole('combobox', { name: 'Pump prompt' }));
    await user.click(await screen.findByRole('option', { name: 'Odometer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Card details updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(updates).toEqual([
      { cardNumber: '7071000000000005678', status: 'INACTIVE', driverName: 'Ana Ruiz', driverId: 'D-1002', unitNumber: 'TRK-99', prompt: 'odometer' },
    ]);
    expect(await screen.findByText(/Unit TRK-99/)).toBeInTheDocument();
  });

  it("puts a card in a group from Edit Card Details (owners and admins)", async () => {
    cardsApi();
    const grouped: unknown[] = [];
    server.use(
      http.get(apiUrl('/wex/company/groups'), () => HttpResponse.json({ content: [{ id: 7, name: 'North terminal' }] })),
      http.put(apiUrl('/wex/company/cards/7071000000000001234/group'), async ({ request }) => {
        grouped.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp(paths.fuelCards, { session });
    const row = await openRow(user, /Sam Carter/);
    await user.click(within(row).getByRole('button', { name: 'Edit Card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Card Details' });
    const group = within(dialog).getByRole('combobox', { name: /Group/ });
    await waitFor(() => expect(group).not.toHaveAttribute('aria-disabled', 'true'));
    await user.click(group);
    await user.click(await screen.findByRole('option', { name: 'North terminal' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(grouped).toEqual([{ groupId: 7 }]);
  });

  it('shows server field errors on their fields', async () => {
    cardsApi(() =>
      HttpResponse.json({ status: 400, message: { driverId: ['driver ID is already used by another card'] } }, { status: 400 }),
    );
    const { user } = renderApp(paths.fuelCards, { session });
    const row = await openRow(user, /Sam Carter/);
    await user.click(within(row).getByRole('button', { name: 'Edit Card' }));

    const dialog = await screen.findByRole('dialog', { name: 'Edit Card Details' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Driver ID is already used by another card')).toBeInTheDocument();
    expect(screen.queryByText('Failed to update card details')).not.toBeInTheDocument();
  });

  it('says when saving the details fails otherwise', async () => {
    cardsApi(() => HttpResponse.json({ status: 500, message: 'boom' }, { status: 500 }));
    const { user } = renderApp(paths.fuelCards, { session });
    const row = await openRow(user, /Sam Carter/);
    await user.click(within(row).getByRole('button', { name: 'Edit Card' }));

    const dialog = await screen.findByRole('dialog', { name: 'Edit Card Details' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update card details')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Card Details' })).toBeInTheDocument();
  });

  it('sends a driver back to the dashboard', async () => {
    server.use(
      http.get(apiUrl('/account'), () => HttpResponse.json(driverAccount)),
      http.get(apiUrl('/wex/total-spendings'), () => HttpResponse.json([{ total: 1, saved: 1 }])),
      http.get(apiUrl('/wex/transactions'), () => HttpResponse.json({ content: [], page: { number: 0, totalPages: 0 } })),
    );
    const { router } = renderApp(paths.fuelCards, { session });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard));
  });

  it("shows a physical card's shipment: on its way with its tracking, and what to do when it came back", async () => {
    const shipped = { status: 'shipped' as const, carrier: 'usps', trackingNumber: '9400 1000', trackingUrl: 'https://tools.usps.com/go/x', eta: '2026-12-09T18:00:00Z' };
    const returned = { status: 'returned' as const, carrier: 'fedex', trackingNumber: null, trackingUrl: null, eta: null };
    server.use(
      http.get(apiUrl('/wex/company/get-cards'), () =>
        HttpResponse.json({ value: [
          { cardNumber: '7071000000000001234', status: 'ACTIVE', driverName: 'Sam Carter', driverId: 'D-1001', unitNumber: 'TRK-12', ...noControls,
            issuer: 'stripe', issuerCardId: 'ic_1', last4: '1234', expMonth: 8, expYear: 2030, shipping: shipped },
          { cardNumber: '7071000000000005678', status: 'ACTIVE', driverName: 'Ana Ruiz', driverId: 'D-1002', unitNumber: 'TRK-14', ...noControls,
            issuer: 'stripe', issuerCardId: 'ic_2', last4: '5678', expMonth: 8, expYear: 2030, shipping: returned },
        ] }),
      ),
    );
    const { user } = renderApp(paths.fuelCards, { session });
    const chips = await screen.findAllByTestId('shipping-chip');
    expect(chips.map((chip) => chip.textContent)).toEqual(['Shipped', 'Returned']);
    const first = await openRow(user, /Sam Carter/);
    const details = within(first).getByTestId('shipping-details');
    expect(details).toHaveTextContent('On its way with USPS. Expected Dec 9, 2026. Tracking 9400 1000. Track it');
    expect(within(details).getByRole('link', { name: 'Track it' })).toHaveAttribute('href', 'https://tools.usps.com/go/x');
    const second = await openRow(user, /Ana Ruiz/);
    expect(within(second).getByTestId('shipping-details')).toHaveTextContent('FEDEX could not deliver the card and sent it back: deactivate it and order a new one.');
  });

  it('speaks Spanish to an owner whose account is in Spanish, dates included', async () => {
    cardsApi();
    server.use(
      http.get(apiUrl('/account'), () => HttpResponse.json({ ...ownerAccount, language: 'es' })),
      http.get(apiUrl('/wex/company/driver-requests'), () =>
        HttpResponse.json([{ id: 41, firstName: 'Nina', lastName: 'Newman', email: 'nina@fleet.test', phoneNumber: '+1 407 555 0177',
          cardNumber: '7071000000000004321', requestedAt: '2026-11-20T18:00:00Z' }]),
      ),
    );
    try {
      const { user } = renderApp(paths.fuelCards, { session });
      expect(await screen.findByRole('heading', { name: 'Tarjetas de combustible' })).toBeInTheDocument();
      const section = await screen.findByRole('region', { name: 'Choferes que esperan aprobación' });
      expect(await within(section).findByText(/solicitado el 20 nov 2026/)).toBeInTheDocument();
      const rows = await screen.findAllByTestId('fuel-card-row');
      expect(within(rows[0]!).getByText('Activa')).toBeInTheDocument();
      expect(within(rows[1]!).getByText('Inactiva')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Pedir tarjeta' }));
      const dialog = await screen.findByRole('dialog', { name: 'Pedir una tarjeta' });
      expect(within(dialog).getByTestId('order-next')).toHaveTextContent(/La tarjeta queda activa en cuanto se emite/);
      expect(within(dialog).getByLabelText('Nombre del chofer')).toBeInTheDocument();
    } finally {
      setLanguage('en');
    }
  });
});

describe('fuel cards by role', () => {
  /** The fuel cards page for a member with these permissions, once they have answered (until then everything shows, as for an owner). */
  async function renderAs(permissions: object) {
    cardsApi();
    let answered = false;
    server.use(
      http.get(apiUrl('/account/permissions'), () => {
        answered = true;
        return HttpResponse.json(permissions);
      }),
    );
    const rendered = renderApp(paths.fuelCards, { session });
    await screen.findAllByTestId('fuel-card-row');
    await waitFor(() => expect(answered).toBe(true));
    return rendered;
  }

  it('shows a bookkeeper the cards and their history but no order, controls, override or status buttons', async () => {
    const { user } = await renderAs(bookkeeperPermissions);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Order card' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Company default controls' })).not.toBeInTheDocument();
    const row = await openRow(user, /1234/);
    expect(await within(row).findByRole('button', { name: 'History' })).toBeInTheDocument();
    for (const name of ['Edit Card', 'Controls', 'Override', 'Deactivate']) {
      expect(within(row).queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('offers a dispatcher limited to a group the order button but not the company default controls, which every card follows', async () => {
    // As permissions.go answers such a member: the company-wide actions are left out.
    await renderAs(limitedToGroup(dispatcherPermissions, 7));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Company default controls' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Order card' })).toBeInTheDocument();
  });

  it('shows an owner the order and controls buttons and the changes of a card', async () => {
    cardsApi();
    const { user } = renderApp(paths.fuelCards, { session });

    expect(await screen.findByRole('button', { name: 'Order card' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Company default controls' })).toBeInTheDocument();
    const row = await openRow(user, /1234/);
    for (const name of ['Edit Card', 'Controls', 'Override', 'Deactivate']) {
      expect(await within(row).findByRole('button', { name })).toBeInTheDocument();
    }
  });
});
