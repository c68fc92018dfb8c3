import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Account } from '@/lib/auth';
import { renderWithProviders } from '@/test/render';
import { apiUrl, driverAccount, ownerAccount, server } from '@/test/server';
import { AssistantForm } from './AssistantForm';

const signedIn = (user: Account) => ({ auth: { token: 't1', refreshToken: 'r1', user, signOutRedirect: null } });

/** GET /wex/card with the vehicle's tank; counts the calls. */
function serveCard(vehicleTankGallons: number | null) {
  const calls: string[] = [];
  server.use(
    http.get(apiUrl('/wex/card'), ({ request }) => {
      calls.push(request.url);
      return HttpResponse.json({
        cardNumber: driverAccount.cardNumber,
        status: 'ACTIVE',
        controls: {},
        timeZone: 'America/Chicago',
        left: {},
        overrideUntil: null,
        vehicleTankGallons,
        asOf: '2026-11-27T12:00:00Z',
      });
    }),
  );
  return calls;
}

describe('the Smart Route Assistant’s tank', () => {
  it('starts a driver with their card’s vehicle’s tank, which they may still change', async () => {
    serveCard(150);
    const onSubmit = vi.fn();
    const { user } = renderWithProviders(<AssistantForm onSubmit={onSubmit} busy={false} />, { preloadedState: signedIn(driverAccount) });
    const tank = screen.getByRole('textbox', { name: /tank capacity/i });
    await waitFor(() => expect(tank).toHaveValue('150'));
    await user.type(screen.getByRole('textbox', { name: /current fuel/i }), '40');
    await user.click(screen.getByRole('button', { name: 'Find Best Fuel Options' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ tankCapacity: 150, currentFuel: 40 }), expect.anything()));
    await user.clear(tank);
    await user.type(tank, '200');
    expect(tank).toHaveValue('200');
  });

  it('keeps what the driver typed before the card arrived', async () => {
    let answer: () => void = () => {};
    const arrived = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(apiUrl('/wex/card'), async () => {
        await arrived;
        return HttpResponse.json({ vehicleTankGallons: 150 });
      }),
    );
    const { user } = renderWithProviders(<AssistantForm onSubmit={vi.fn()} busy={false} />, { preloadedState: signedIn(driverAccount) });
    const tank = screen.getByRole('textbox', { name: /tank capacity/i });
    await user.type(tank, '120');
    answer();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(tank).toHaveValue('120');
  });

  it('leaves the tank empty when the card names no vehicle', async () => {
    const calls = serveCard(null);
    renderWithProviders(<AssistantForm onSubmit={vi.fn()} busy={false} />, { preloadedState: signedIn(driverAccount) });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.getByRole('textbox', { name: /tank capacity/i })).toHaveValue('');
  });

  it('asks nothing for an owner, who has no card of their own', async () => {
    const calls = serveCard(150);
    renderWithProviders(<AssistantForm onSubmit={vi.fn()} busy={false} />, { preloadedState: signedIn(ownerAccount) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
    expect(screen.getByRole('textbox', { name: /tank capacity/i })).toHaveValue('');
  });
});
