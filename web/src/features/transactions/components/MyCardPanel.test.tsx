import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { apiUrl, server } from '@/test/server';
import { renderWithProviders } from '@/test/render';
import { MyCardPanel } from './MyCardPanel';

const noTransactions = http.get(apiUrl('/wex/transactions'), () =>
  HttpResponse.json({ content: [], page: { number: 0, size: 20, totalElements: 0, totalPages: 0 } }),
);

const card = (pumpCheck: boolean) => ({
  cardNumber: '7071000000000004321',
  status: 'ACTIVE',
  issuer: 'network',
  issuerCardId: null,
  controls: {},
  timeZone: 'America/Chicago',
  left: { daily: null, dailyGallons: null, dailyPurchases: null, weekly: null, monthly: null },
  overrideUntil: null,
  overrideLiftsPrompt: false,
  pumpCheck,
  prompts: { driverId: null, unitNumber: null, odometer: false },
  vehicleTankGallons: null,
  asOf: '2026-12-06T12:00:00Z',
});

describe('the driver\'s card and the pump check', () => {
  it('says what the truck\'s position is used for and what is kept when the check is on', async () => {
    server.use(noTransactions, http.get(apiUrl('/wex/card'), () => HttpResponse.json(card(true))));
    renderWithProviders(<MyCardPanel />);
    const note = await screen.findByTestId('my-card-pump-check');
    expect(note).toHaveTextContent('Pump check on');
    expect(note).toHaveTextContent('your truck is at the station');
    expect(note).toHaveTextContent('in full for 90 days');
    expect(note).toHaveTextContent('deleted after four years');
  });

  it('says nothing of it when the check is off', async () => {
    server.use(noTransactions, http.get(apiUrl('/wex/card'), () => HttpResponse.json(card(false))));
    renderWithProviders(<MyCardPanel />);
    expect(await screen.findByTestId('my-card-rules')).toBeInTheDocument();
    expect(screen.queryByTestId('my-card-pump-check')).toBeNull();
  });
});
