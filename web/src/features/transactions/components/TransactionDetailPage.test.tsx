import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { transactionDetailPath } from '@/lib/paths';
import { renderApp } from '@/test/render';
import { apiUrl, driverAccount, server } from '@/test/server';


const session = { token: 't1', refreshToken: 'r1' };
const detail = {
  transactionId: 123,
  driverCardName: 'Sam Carter',
  driverId: 'D-1001',
  transactionDate: '2026-11-21T14:03:00',
  locationName: 'Pilot Travel Center #412',
  locationAddress: '2100 N Orange Blossom Trl, Orlando, FL 32804',
  cardNumber: '7071000000000004321',
  fuelQuantity: 128.4,
  retailPrice: 3.859,
  netPrice: 3.579,
  fundedTotal: 459.54,
  discAmount: 35.95,
  attemptedAmount: 495.5,
  invoiceRef: 'INV-000123',
  status: 'APPROVED',
  productCode: 'DSL',
  declineCode: null,
  declineReason: null,
};

describe('transaction detail', () => {
  it('shows the company view from the company endpoint with every field', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      http.get(apiUrl('/wex/company/transactions/123'), async () => {
        await gate;
        return HttpResponse.json(detail);
      }),
    );
    renderApp(transactionDetailPath(123), { session });

    await screen.findByTestId('navigation-drawer');
    expect(within(screen.getByRole('main')).getByRole('progressbar')).toBeInTheDocument();
    release();
    const card = await screen.findByTestId('transaction-detail');
    expect(card).toHaveTextContent('DriverSam Carter');
    expect(card).toHaveTextContent('Driver IDD-1001');
    expect(card).toHaveTextContent(/DateNovember 21, 2026 at 2:03\sPM/);
    expect(card).toHaveTextContent('LocationPilot Travel Center #4122100 N Orange Blossom Trl, Orlando, FL 32804');
    expect(card).toHaveTextContent('Card7071 •••• 4321');
    expect(card).toHaveTextContent('Quantity128.4 gal best price');
    expect(screen.getByRole('link', { name: 'Transactions' })).toHaveAttribute('href', '/transactions');
  });

  it("shows the owner the card authorization's decision", async () => {
    server.use(
      http.get(apiUrl('/wex/company/transactions/123'), () =>
        HttpResponse.json({
          ...detail,
          authorization: {
            authorizationId: 'iauth_1',
            approved: true,
            amount: 192.95,
            requested: 300,
            declineCode: null,
            rulesFired: ['PER_PURCHASE_LIMIT', 'OVER_TANK_CAPACITY'],
            timedOut: false,
            receivedAt: '2026-11-21T14:02:00Z',
            answeredAt: '2026-11-21T14:02:00Z',
            latencyMs: 12.4,
          },
        }),
      ),
    );
    renderApp(transactionDetailPath(123), { session });
    const field = await screen.findByTestId('transaction-authorization');
    expect(field).toHaveTextContent('Approved $192.95 of $300.00 in 12 ms');
    expect(screen.getByText('Rules: PER_PURCHASE_LIMIT, OVER_TANK_CAPACITY')).toBeInTheDocument();
  });

  it('tells the owner who held the card at the purchase', async () => {
    server.use(
      http.get(apiUrl('/wex/company/transactions/123'), () => HttpResponse.json({ ...detail, holderName: 'Ned Next' })),
      http.get(apiUrl('/wex/company/transactions/124'), () =>
        HttpResponse.json({ ...detail, transactionId: 124, holderName: null }),
      ),
    );
    const { router } = renderApp(transactionDetailPath(123), { session });
    expect(await screen.findByTestId('transaction-detail')).toHaveTextContent('Held byNed Next');
    await router.navigate(transactionDetailPath(124));
    expect(await screen.findByText('No signed-up driver')).toBeInTheDocument();
  });

  it('shows the driver view from the driver endpoint, declined purchases marked', async () => {
    server.use(
      http.get(apiUrl('/account'), () => HttpResponse.json(driverAccount)),
      http.get(apiUrl('/wex/transactions/123'), () =>
        HttpResponse.json({ ...detail, status: 'DECLINED', declineCode: 'INSUFFICIENT_FUNDS', declineReason: 'Insufficient funds in the wallet' }),
      ),
    );
    renderApp(transactionDetailPath(123), { session });

    expect(await screen.findByTestId('declined-chip')).toHaveTextContent('Declined');
    expect(screen.getByTestId('decline-reason')).toHaveTextContent('Insufficient funds in the wallet');
    expect(screen.getByTestId('transaction-detail')).toHaveTextContent('DriverSam Carter');
  });

  it('says when the transaction does not exist', async () => {
    server.use(
      http.get(apiUrl('/wex/company/transactions/999'), () => HttpResponse.json({ status: 404, message: 'Not found' }, { status: 404 })),
    );
    renderApp(transactionDetailPath(999), { session });
    expect(await screen.findByText('Transaction not found')).toBeInTheDocument();
  });
});
