import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { renderApp } from '@/test/render';
import { apiUrl, driverAccount, server } from '@/test/server';

const notice = {
  id: 7,
  event: 'trip.replanned',
  title: 'Viaje replanificado',
  body: 'Ocala → Tampa: próxima parada Pilot #412, 80 gal.',
  url: '/trips/41',
  transactionId: null,
  tripId: 41,
  overrideRequestId: null,
  read: false,
  createdAt: '2026-11-27T12:00:00Z',
};

describe('NotificationsPage', () => {
  it("lists the driver's notices, has a Notifications entry in the navigation, and opens the trip marking it read", async () => {
    const read: string[] = [];
    server.use(
      http.get(apiUrl('/account'), () => HttpResponse.json(driverAccount)),
      http.get(apiUrl('/notifications'), () =>
        HttpResponse.json({ content: [notice], page: { size: 20, number: 0, totalElements: 1, totalPages: 1 }, unreadCount: 1 }),
      ),
      http.post(apiUrl('/notifications/:id/read'), ({ params }) => {
        read.push(String(params.id));
        return new HttpResponse(null, { status: 204 });
      }),
      http.get(apiUrl('/trips/:id'), () => HttpResponse.json({}, { status: 404 })),
    );
    const { user, router } = renderApp(paths.notifications, { session: { token: 't1', refreshToken: 'r1' } });
    const rows = await screen.findAllByTestId('notification-row');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]).getByText('Viaje replanificado')).toBeTruthy();
    expect(rows[0].getAttribute('data-read')).toBe('false');
    expect(screen.getAllByRole('link', { name: /Notifications/ }).length).toBeGreaterThan(0);
    await user.click(within(rows[0]).getByRole('button'));
    await expect.poll(() => read).toEqual(['7']);
    await expect.poll(() => router.state.location.pathname).toBe('/trips/41');
  });

  it('says when there is nothing yet', async () => {
    server.use(http.get(apiUrl('/account'), () => HttpResponse.json(driverAccount)));
    renderApp(paths.notifications, { session: { token: 't1', refreshToken: 'r1' } });
    expect(await screen.findByTestId('notifications-empty')).toBeTruthy();
  });
});
