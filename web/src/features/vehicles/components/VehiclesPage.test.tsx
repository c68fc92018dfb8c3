import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import type { Vehicle } from '../api/vehicles-api';

const session = { token: 't1', refreshToken: 'r1' };

const vehicle = (unitNumber: string, id: number): Vehicle => ({
  id,
  unitNumber,
  vin: '1M8GDM9AXKP042788',
  plate: 'P 1',
  plateState: 'FL',
  fuelType: 'diesel',
  tankCapacityGallons: 150,
  iftaQualified: true,
  active: true,
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  cards: [{ cardNumber: '7071000000000001234', driverName: 'Sam Carter' }],
  mpg: { current: null, prior: null, currentMiles: 0, currentGallons: 0, dropped: false },
});

describe('vehicles', () => {
  it("shows each vehicle's MPG and a drop against the 30 days before", async () => {
    const dropped = { ...vehicle('TRK-1', 1), mpg: { current: 5, prior: 6, currentMiles: 500, currentGallons: 100, dropped: true } };
    server.use(http.get(apiUrl('/wex/company/vehicles'), () => HttpResponse.json({ value: [dropped, vehicle('TRK-2', 2)] })));
    renderApp(paths.vehicles, { session });
    const rows = await screen.findAllByTestId('vehicle-row');
    expect(rows[0]).toHaveTextContent('5.0 MPG · down 17% vs 6.0');
    expect(rows[1]).toHaveTextContent('Not enough readings');
  });

  it('says so when the fleet has no vehicles', async () => {
    server.use(http.get(apiUrl('/wex/company/vehicles'), () => HttpResponse.json({ value: [] })));
    renderApp(paths.vehicles, { session });
    expect(await screen.findByTestId('vehicles-empty')).toHaveTextContent('No vehicles yet');
  });

  it('offers a retry when the list fails to load', async () => {
    let calls = 0;
    server.use(
      http.get(apiUrl('/wex/company/vehicles'), () =>
        ++calls === 1 ? HttpResponse.json({ status: 500, message: 'x' }, { status: 500 }) : HttpResponse.json({ value: [vehicle('TRK-1', 1)] }),
      ),
    );
    const { user } = renderApp(paths.vehicles, { session });
    await user.click(within(await screen.findByTestId('load-error')).getByRole('button'));
    expect(await screen.findByText('Sam Carter')).toBeInTheDocument();
  });

  it('lists units in natural order with their cards', async () => {
    server.use(http.get(apiUrl('/wex/company/vehicles'), () => HttpResponse.json({ value: [vehicle('TRK-10', 1), vehicle('TRK-9', 2)] })));
    renderApp(paths.vehicles, { session });
    await waitFor(() => expect(screen.getAllByTestId('vehicle-row')).toHaveLength(2));
    expect(screen.getAllByTestId('vehicle-row').map((row) => row.getAttribute('data-unit'))).toEqual(['TRK-9', 'TRK-10']);
    expect(screen.getAllByText('card …1234')).toHaveLength(2);
  });

  it('shows the server’s unit number conflict on the field', async () => {
    server.use(
      http.get(apiUrl('/wex/company/vehicles'), () => HttpResponse.json({ value: [] })),
      http.post(apiUrl('/wex/company/vehicles'), () =>
        HttpResponse.json({ status: 409, message: { unitNumber: ['A vehicle with this unit number already exists'] } }, { status: 409 }),
      ),
    );
    const { user } = renderApp(paths.vehicles, { session });
    await user.click(await screen.findByRole('button', { name: 'Add vehicle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add vehicle' });
    await user.type(within(dialog).getByRole('textbox', { name: /Unit number/ }), 'TRK-1');
    await user.type(within(dialog).getByRole('textbox', { name: 'VIN' }), '1M8GDM9AXKP042788');
    await user.type(within(dialog).getByRole('textbox', { name: /Tank capacity/ }), '150');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A vehicle with this unit number already exists')).toBeInTheDocument();
  });
});
