import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { OdometerTile } from './OdometerTile';

describe('odometer tile', () => {
  it("saves the driver's reading and shows the server's refusal on the field", async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(apiUrl('/wex/odometer'), async ({ request }) => {
        const body = (await request.json()) as { odometer: number };
        sent.push(body);
        if (body.odometer < 1000)
          return HttpResponse.json({ status: 400, message: { odometer: ["This reading is not possible after the vehicle's last one"] } }, { status: 400 });
        return HttpResponse.json(
          { id: 1, vehicleId: 1, unitNumber: 'TRK-1', odometer: body.odometer, readAt: '2026-11-27T12:00:00Z', source: 'driver', transactionId: null, createdAt: '2026-11-27T12:00:00Z' },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<OdometerTile />);
    const field = screen.getByLabelText('Odometer (miles)');
    await user.type(field, '12.5');
    await user.click(screen.getByRole('button', { name: 'Save reading' }));
    expect(await screen.findByText('Odometer must be whole miles from 0 to 9999999')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(field);
    await user.type(field, '999');
    await user.click(screen.getByRole('button', { name: 'Save reading' }));
    expect(await screen.findByText("This reading is not possible after the vehicle's last one")).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '412345');
    await user.click(screen.getByRole('button', { name: 'Save reading' }));
    expect(await screen.findByText('Reading saved')).toBeInTheDocument();
    expect(sent).toEqual([
      { odometer: 999, readAt: expect.stringMatching(/Z$/) as unknown },
      { odometer: 412345, readAt: expect.stringMatching(/Z$/) as unknown },
    ]);
  });
});
