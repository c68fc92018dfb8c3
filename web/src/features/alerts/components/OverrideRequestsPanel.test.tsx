import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import type { OverrideRequest } from '../api/alerts-api';
import { OverrideRequestsPanel } from './OverrideRequestsPanel';

const request: OverrideRequest = {
  id: 9,
  status: 'PENDING',
  cardNumber: '7071000000000001234',
  driverName: 'Sam Carter',
  transactionId: 101,
  declineCode: 'DAILY_LIMIT',
  declineReason: 'Over the daily limit',
  message: 'Stuck in Amarillo',
  createdAt: '2026-11-24T15:05:00Z',
  decidedAt: null,
  overrideUntil: null,
  declinedAt: '2026-11-24T15:02:00Z',
  locationName: "LOVE'S TRAVEL STOP #1527",
  attemptedAmount: 412.5,
  liftsPrompt: false,
};

describe("the dashboard's override requests", () => {
  it('show the declined purchase: its amount, station and time, and offer the same 2 hours a notification grants', async () => {
    server.use(http.get(apiUrl('/wex/company/override-requests'), () => HttpResponse.json({ content: [request] })));
    renderWithProviders(
      <MemoryRouter>
        <OverrideRequestsPanel />
      </MemoryRouter>,
    );
    const row = await screen.findByTestId('override-request-row');
    expect(within(row).getByTestId('override-request-purchase')).toHaveTextContent(/^\$412\.50 at LOVE'S TRAVEL STOP #1527 · declined Nov 24, \d+:02 [AP]M$/);
    expect(within(row).getByRole('combobox', { name: 'Hours' })).toHaveTextContent('2 hours');
  });
});
