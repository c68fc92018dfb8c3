import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { formatMonthDayTime } from '@/lib/format';
import { paths, transactionDetailPath } from '@/lib/paths';
import { renderApp } from '@/test/render';
import { apiUrl, driverAccount, server } from '@/test/server';
import type { OverrideRequest } from '../api/transactions-api';
import type { TransactionListItem } from '../api/transactions-api';

const session = { token: 't1', refreshToken: 'r1' };

function row(transactionId: number, extra: Partial<TransactionListItem> = {}): TransactionListItem {
  return {
    transactionId,
    transactionDate: dayjs().subtract(transactionId, 'hour').format('YYYY-MM-DDTHH:mm:ss'),
    invoiceRef: `INV-${transactionId}`,
    locationName: `Pilot #${transactionId}`,
    driverCardName: 'Dan Driver',
    cardNumber: '7071000000000000011',
    fundedTotal: 400,
    discAmount: 20,
    attemptedAmount: 420,
    status: 'APPROVED',
    productCode: 'DSL',
    declineCode: null,
    declineReason: null,
    ...extra,
  };
}

const declined = row(2, { status: 'DECLINED', declineCode: 'DAILY_LIMIT', declineReason: 'Over the daily limit', discAmount: 0 });

function driverApi(rows: TransactionListItem[], create: (body: unknown) => Response) {
  const requests: OverrideRequest[] = [];
  const sent: unknown[] = [];
  server.use(
    http.get(apiUrl('/account'), () => HttpResponse.json(driverAccount)),
    http.get(apiUrl('/wex/transactions'), () =>
      HttpResponse.json({ content: rows, page: { number: 0, size: 20, totalElements: rows.length, totalPages: 1 } }),
    ),
    http.get(apiUrl('/wex/override-requests'), () => HttpResponse.json({ content: requests })),
    http.post(apiUrl('/wex/override-requests'), async ({ request }) => {
      const body = await request.json();
      sent.push(body);
      const response = create(body);
      if (response.status === 201) {
        requests.unshift({
          id: 5,
          status: 'PENDING',
          cardNumber: declined.cardNumber,
          driverName: 'Dan Driver',
          transactionId: declined.transactionId,
          declineCode: 'DAILY_LIMIT',
          declineReason: 'Over the daily limit',
          message: '',
          createdAt: dayjs().toISOString(),
          decidedAt: null,
          overrideUntil: null,
          declinedAt: '2026-11-24T15:02:00Z',
          locationName: 'Pilot Travel Center #81',
          attemptedAmount: 412.5,
          liftsPrompt: false,
        });
      }
      return response;
    }),
  );
  return { requests, sent };
}

describe("driver's override request", () => {
  it('shows the last decline with its reason, sends the request with the message, then shows it pending', async () => {
    const { sent } = driverApi([row(1), declined], () => HttpResponse.json({}, { status: 201 }));
    const { user } = renderApp(paths.transactions, { session });

    const panel = await screen.findByTestId('override-request-panel');
    expect(panel).toHaveTextContent('Your last purchase was declined: Over the daily limit');
    await user.click(within(panel).getByRole('button', { name: 'Request override' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request an override' });
    // The dialog names the declined purchase: its station, amount and time.
    expect(within(dialog).getByTestId('override-declined-purchase')).toHaveTextContent(
      `Declined: ${declined.locationName}, $420.00, ${formatMonthDayTime(declined.transactionDate)}`,
    );
    await user.type(within(dialog).getByLabelText('Message to the owner (optional)'), 'Stuck in Amarillo');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

    expect(await screen.findByTestId('override-request-status')).toHaveTextContent('Override requested: waiting for the owner');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(screen.getByTestId('override-request-panel')).queryByRole('button', { name: 'Request override' })).not.toBeInTheDocument();
    expect(sent).toEqual([{ message: 'Stuck in Amarillo' }]);
  });

  it('says when a request is already pending', async () => {
    driverApi([declined], () => HttpResponse.json({ status: 409, message: 'An override request is already pending' }, { status: 409 }));
    const { user } = renderApp(paths.transactions, { session });

    await user.click(within(await screen.findByTestId('override-request-panel')).getByRole('button', { name: 'Request override' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request an override' });
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('An override request is already pending');
  });

  it('shows nothing when no purchase was declined', async () => {
    driverApi([row(1)], () => HttpResponse.json({}, { status: 201 }));
    renderApp(paths.transactions, { session });
    await screen.findAllByTestId('transaction-row');
    expect(screen.queryByTestId('override-request-panel')).not.toBeInTheDocument();
  });

  it("shows an approved request's end on the purchase's detail", async () => {
    const { requests } = driverApi([declined], () => HttpResponse.json({}, { status: 201 }));
    requests.push({
      id: 5,
      status: 'APPROVED',
      cardNumber: declined.cardNumber,
      driverName: 'Dan Driver',
      transactionId: 2,
      declineCode: 'DAILY_LIMIT',
      declineReason: 'Over the daily limit',
      message: '',
      createdAt: '2026-11-24T15:00:00Z',
      decidedAt: '2026-11-24T15:10:00Z',
      overrideUntil: '2099-11-25T15:10:00Z',
      declinedAt: '2026-11-24T15:02:00Z',
      locationName: 'Pilot Travel Center #81',
      attemptedAmount: 412.5,
      liftsPrompt: false,
    });
    server.use(
      http.get(apiUrl('/wex/transactions/2'), () =>
        HttpResponse.json({ ...declined, driverId: 'D-1', locationAddress: 'I-40', fuelQuantity: 120, retailPrice: 3.9, netPrice: 3.6 }),
      ),
    );
    renderApp(transactionDetailPath(2), { session });

    expect(await screen.findByTestId('decline-reason')).toHaveTextContent('Over the daily limit');
    expect(await screen.findByTestId('override-request-status')).toHaveTextContent(/^Override approved until Nov 25,/);
    expect(screen.getByTestId('transaction-detail')).toHaveTextContent('ProductDiesel');
  });
});
