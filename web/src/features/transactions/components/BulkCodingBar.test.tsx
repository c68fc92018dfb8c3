import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { apiUrl, bookkeeperPermissions, dispatcherPermissions, server } from '@/test/server';

const session = { token: 't1', refreshToken: 'r1' };

function serve(permissions: typeof bookkeeperPermissions | typeof dispatcherPermissions) {
  const bodies: unknown[] = [];
  const row = (id: number, status: string) => ({
    transactionId: id,
    transactionDate: '2026-11-20T10:00:00',
    invoiceRef: `INV-${id}`,
    locationName: `Pilot #${id}`,
    driverCardName: 'Sam Carter',
    cardNumber: '7071000000000001234',
    fundedTotal: 100,
    discAmount: 5,
    attemptedAmount: 105,
    status,
    productCode: 'DSL',
    declineCode: null,
    declineReason: null,
  });
  server.use(
    http.get(apiUrl('/account/permissions'), () => HttpResponse.json(permissions)),
    http.get(apiUrl('/wex/company/get-cards'), () => HttpResponse.json({ value: [] })),
    http.get(apiUrl('/wex/company/transactions'), () =>
      HttpResponse.json({ content: [row(1, 'APPROVED'), row(2, 'APPROVED'), row(3, 'DECLINED')], page: { number: 0, size: 20, totalElements: 3, totalPages: 1 } }),
    ),
    http.post(apiUrl('/wex/company/transactions/coding'), async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ content: [] });
    }),
  );
  return bodies;
}

describe('Transactions list: bulk coding', () => {
  it('lets a bookkeeper tick approved purchases and code them at once', async () => {
    const bodies = serve(bookkeeperPermissions);
    renderApp('/transactions', { session });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select INV-1' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select INV-2' }));
    expect(screen.queryByRole('checkbox', { name: 'Select INV-3' })).toBeNull();
    const bar = screen.getByTestId('bulk-coding-bar');
    expect(within(bar).getByText('2 purchases selected')).toBeInTheDocument();
    fireEvent.click(within(bar).getByRole('button', { name: 'Apply coding' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Account'), { target: { value: '6100 Fuel' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply coding' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ ids: [1, 2], coding: { account: '6100 Fuel' } });
    await waitFor(() => expect(screen.queryByTestId('bulk-coding-bar')).toBeNull());
  });

  it('shows no checkboxes to a member who does not code', async () => {
    serve(dispatcherPermissions);
    renderApp('/transactions', { session });
    await screen.findAllByTestId('transaction-row');
    expect(screen.queryByRole('checkbox', { name: /Select INV/ })).toBeNull();
  });
});
