import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import type { CardOrder, FuelCard } from '../api/fuel-cards-api';

const session = { token: 't1', refreshToken: 'r1' };
const listed = { prompt: 'default' as const, controlsActive: false, overrideUntil: null, monthlyBudget: null, monthSpend: 0, groupId: null };

function orderApi(answer?: (body: CardOrder) => Response) {
  const cards: FuelCard[] = [
    { cardNumber: '7071000000000001234', status: 'ACTIVE', driverName: 'Sam Carter', driverId: 'D-1001', unitNumber: 'TRK-12', ...listed,
      issuer: 'network', issuerCardId: null, last4: null, expMonth: null, expYear: null, shipping: null },
  ];
  const orders: CardOrder[] = [];
  server.use(
    http.get(apiUrl('/wex/company/get-cards'), () => HttpResponse.json({ value: cards })),
    http.post(apiUrl('/wex/company/cards'), async ({ request }) => {
      const body = (await request.json()) as CardOrder;
      orders.push(body);
      if (answer) return answer(body);
      const card = { cardNumber: '7071010000000009876', status: 'ACTIVE' as const, driverName: body.driverName, driverId: body.driverId,
        unitNumber: body.unitNumber, issuer: 'stripe' as const, issuerCardId: 'ic_1', last4: '4242', expMonth: 8, expYear: 2030, shipping: body.type === 'physical' ? { status: 'pending' as const, carrier: null, trackingNumber: null, trackingUrl: null, eta: null } : null };
      cards.push({ ...card, ...listed });
      return HttpResponse.json(card, { status: 201 });
    }),
  );
  return { orders };
}

async function openOrder(user: ReturnType<typeof renderApp>['user']) {
  await screen.findAllByTestId('fuel-card-row');
  await user.click(screen.getByRole('button', { name: 'Order card' }));
  return screen.findByRole('dialog', { name: 'Order a card' });
}

describe('order card', () => {
  it('requires the driver fields and orders nothing until they are given', async () => {
    const { orders } = orderApi();
    const { user } = renderApp(paths.fuelCards, { session });
    const dialog = await openOrder(user);

    await user.click(within(dialog).getByRole('button', { name: 'Order card' }));
    expect(await within(dialog).findByText('Driver name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Driver ID is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Unit number is required')).toBeInTheDocument();
    expect(orders).toHaveLength(0);
  });

  it('orders a physical card, closes with a toast and lists the new card', async () => {
    const { orders } = orderApi();
    const { user } = renderApp(paths.fuelCards, { session });
    const dialog = await openOrder(user);

    await user.type(within(dialog).getByLabelText('Driver Name'), ' Ann Lee ');
    await user.type(within(dialog).getByLabelText('Driver ID'), 'D-77');
    await user.type(within(dialog).getByLabelText('Unit Number'), 'TRK-77');
    await user.click(within(dialog).getByRole('combobox', { name: 'Card type' }));
    await user.click(await screen.findByRole('option', { name: 'Physical' }));
    await user.click(within(dialog).getByRole('button', { name: 'Order card' }));

    expect(await screen.findByText(/Card 7071 .* ordered/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(orders).toEqual([{ driverName: 'Ann Lee', driverId: 'D-77', unitNumber: 'TRK-77', type: 'physical' }]);
    await waitFor(() => expect(screen.getAllByTestId('fuel-card-row')).toHaveLength(2));
    expect(screen.getAllByTestId('fuel-card-row').some((row) => /Ann Lee/.test(row.textContent ?? ''))).toBe(true);
  });

  it('shows server field errors on their fields', async () => {
    orderApi(() => HttpResponse.json({ status: 400, message: { driverId: ['Driver ID must not exceed 50 characters'] } }, { status: 400 }));
    const { user } = renderApp(paths.fuelCards, { session });
    const dialog = await openOrder(user);
    await user.type(within(dialog).getByLabelText('Driver Name'), 'Ann');
    await user.type(within(dialog).getByLabelText('Driver ID'), 'D-77');
    await user.type(within(dialog).getByLabelText('Unit Number'), 'TRK-77');
    await user.click(within(dialog).getByRole('button', { name: 'Order card' }));
    expect(await within(dialog).findByText('Driver ID must not exceed 50 characters')).toBeInTheDocument();
  });

  it('says in the dialog when the card issuer is unavailable', async () => {
    orderApi(() => HttpResponse.json({ status: 503, message: 'The card issuer is unavailable - Please try again later' }, { status: 503 }));
    const { user } = renderApp(paths.fuelCards, { session });
    const dialog = await openOrder(user);
    await user.type(within(dialog).getByLabelText('Driver Name'), 'Ann');
    await user.type(within(dialog).getByLabelText('Driver ID'), 'D-77');
    await user.type(within(dialog).getByLabelText('Unit Number'), 'TRK-77');
    await user.click(within(dialog).getByRole('button', { name: 'Order card' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The card issuer is unavailable - Please try again later');
    expect(screen.getByRole('dialog', { name: 'Order a card' })).toBeInTheDocument();
  });
});
