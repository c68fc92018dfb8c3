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
  lastFix: null,
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

  it("shows each unit's last position and its source", async () => {
    const at = new Date(Date.now() - 5 * 60_000).toISOString();
    const tracked = {
      ...vehicle('TRK-1', 1),
      lastFix: { at, latitude: 29.1, longitude: -82.1, speedMph: 54.6, fuelPercent: 40, odometerMiles: 1000, source: 'samsara' },
    };
    server.use(http.get(apiUrl('/wex/company/vehicles'), () => HttpResponse.json({ value: [tracked, vehicle('TRK-2', 2)] })));
    renderApp(paths.vehicles, { session });
    const rows = await screen.findAllByTestId('vehicle-row');
    expect(rows[0]).toHaveTextContent('5 min ago · 29.1000, -82.1000 · 55 mph · fuel 40 % · from samsara');
    expect(rows[1]).toHaveTextContent('No position yet');
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
  it("opens a vehicle's odometer: its MPG trend and readings, and adds an owner's reading", async () => {
    const truck = { ...vehicle('TRK-1', 7), mpg: { current: 6.4, prior: 6.1, currentMiles: 1920, currentGallons: 300, dropped: false } };
    const readings = [
      { id: 2, vehicleId: 7, unitNumber: 'TRK-1', odometer: 412000, readAt: '2026-11-20T15:00:00Z', source: 'pump', transactionId: 9, createdAt: '2026-11-20T15:00:00Z' },
      { id: 1, vehicleId: 7, unitNumber: 'TRK-1', odometer: 411500, readAt: '2026-11-18T15:00:00Z', source: 'telematics', transactionId: null, createdAt: '2026-11-18T15:00:00Z' },
    ];
    const sent: unknown[] = [];
    server.use(
      http.get(apiUrl('/wex/company/vehicles'), () => HttpResponse.json({ value: [truck] })),
      http.get(apiUrl('/wex/company/vehicles/7/odometer'), () => HttpResponse.json({ value: readings })),
      http.post(apiUrl('/wex/company/vehicles/7/odometer'), async ({ request }) => {
        const body = (await request.json()) as { odometer: number };
        sent.push(body);
        if (body.odometer < 412000)
          return HttpResponse.json({ status: 400, message: { odometer: ["This reading is not possible after the vehicle's last one"] } }, { status: 400 });
        const reading = { ...readings[0], id: 3, odometer: body.odometer, source: 'manual', transactionId: null, readAt: '2026-11-27T15:00:00Z' };
        readings.unshift(reading);
        return HttpResponse.json(reading, { status: 201 });
      }),
    );
    const { user } = renderApp(paths.vehicles, { session });
    await user.click(await screen.findByRole('button', { name: 'Odometer of TRK-1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Odometer of TRK-1' });
    expect(within(dialog).getByTestId('odometer-mpg')).toHaveTextContent('6.4 MPG · +5% vs 6.1');
    expect(within(dialog).getByTestId('odometer-mpg')).toHaveTextContent('1,920 miles on 300 gallons');
    expect(within(dialog).getByTestId('odometer-mpg')).toHaveTextContent('The 30 days before: 6.1 MPG (steady or rising).');
    const rows = await within(dialog).findAllByTestId('odometer-reading');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('At the pump');
    expect(rows[0]).toHaveTextContent('412,000 mi');
    expect(rows[1]).toHaveTextContent('Telematics');

    const field = within(dialog).getByLabelText('Odometer (miles)');
    await user.type(field, 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Add reading' }));
    expect(await within(dialog).findByText('Odometer must be whole miles from 0 to 9999999')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '411000');
    await user.click(within(dialog).getByRole('button', { name: 'Add reading' }));
    expect(await within(dialog).findByText("This reading is not possible after the vehicle's last one")).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '412250');
    await user.click(within(dialog).getByRole('button', { name: 'Add reading' }));
    await waitFor(() => expect(within(dialog).getAllByTestId('odometer-reading')).toHaveLength(3));
    expect(within(dialog).getAllByTestId('odometer-reading')[0]).toHaveTextContent('Entered by an owner');
    expect(sent).toEqual([{ odometer: 411000 }, { odometer: 412250 }]);
  });

  it('says so when a vehicle has no readings', async () => {
    server.use(
      http.get(apiUrl('/wex/company/vehicles'), () => HttpResponse.json({ value: [vehicle('TRK-1', 7)] })),
      http.get(apiUrl('/wex/company/vehicles/7/odometer'), () => HttpResponse.json({ value: [] })),
    );
    const { user } = renderApp(paths.vehicles, { session });
    await user.click(await screen.findByRole('button', { name: 'Odometer of TRK-1' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('odometer-empty')).toHaveTextContent('No readings yet');
    expect(within(dialog).getByTestId('odometer-mpg')).toHaveTextContent('Not enough readings');
  });
});
