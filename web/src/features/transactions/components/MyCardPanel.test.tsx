import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { apiUrl, server } from '@/test/server';
import { renderWithProviders } from '@/test/render';
import { MyCardPanel } from './MyCardPanel';

const noTransactions = http.get(apiUrl('/wex/transactions'), () =>
  HttpResponse.json({ content: [], page: { number: 0, size: 20, totalElements: 0, totalPages: 0 } }),
);

const card = (pumpCheck: boolean, shipping: unknown = null) => ({
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
  shipping,
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

describe('the driver\'s physical card on its way', () => {
  const shipped = { status: 'shipped', carrier: 'ups', trackingNumber: '1Z999', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999', eta: '2026-12-09T00:00:00Z' };

  it('says it is on its way, when it is expected and how to track it', async () => {
    server.use(noTransactions, http.get(apiUrl('/wex/card'), () => HttpResponse.json(card(false, shipped))));
    renderWithProviders(<MyCardPanel />);
    const note = await screen.findByTestId('my-card-shipping');
    expect(note).toHaveTextContent('Your card is on its way');
    expect(note).toHaveTextContent("It is going to your company's address with UPS; ask your fleet office for it when it arrives. Expected Dec 9, 2026. Tracking 1Z999.");
    expect(screen.getByRole('link', { name: 'Track it' })).toHaveAttribute('href', shipped.trackingUrl);
  });

  it('says when it will not arrive', async () => {
    server.use(noTransactions, http.get(apiUrl('/wex/card'), () => HttpResponse.json(card(false, { ...shipped, status: 'returned', eta: null }))));
    renderWithProviders(<MyCardPanel />);
    const note = await screen.findByTestId('my-card-shipping');
    expect(note).toHaveTextContent('Your card will not arrive');
    expect(note).toHaveTextContent('UPS could not deliver it and sent it back: your fleet will order another.');
  });

  it('says nothing once it is delivered, nor for a card that is not shipped', async () => {
    server.use(noTransactions, http.get(apiUrl('/wex/card'), () => HttpResponse.json(card(false, { ...shipped, status: 'delivered' }))));
    renderWithProviders(<MyCardPanel />);
    expect(await screen.findByTestId('my-card-rules')).toBeInTheDocument();
    expect(screen.queryByTestId('my-card-shipping')).toBeNull();
  });
});
