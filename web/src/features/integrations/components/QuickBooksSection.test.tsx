import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/lib/paths';
import { renderApp } from '@/test/render';
import { apiUrl, bookkeeperPermissions, server } from '@/test/server';
import type { QuickBooksStatus } from '../api/quickbooks-api';

const session = { token: 't1', refreshToken: 'r1' };

const notConnected: QuickBooksStatus = {
  configured: true,
  connected: false,
  connectedAt: null,
  mapping: { products: {}, paymentAccount: '' },
  lastPush: null,
  lastError: '',
  pushed: 0,
  failures: [],
};

const connected: QuickBooksStatus = {
  ...notConnected,
  connected: true,
  realmId: '9130350000000001',
  connectedAt: '2026-12-01T15:00:00Z',
  mapping: { products: { DSL: '7' }, paymentAccount: '41' },
  lastPush: { at: '2026-12-05T06:00:00Z', from: '2026-11-28', to: '2026-12-05', created: 118, alreadyInQuickBooks: 2, failed: 1 },
  lastError: 'QuickBooks refused 1 purchase(s)',
  pushed: 120,
  failures: [{ transactionId: 5012, error: 'No QuickBooks account is mapped to product DEF', attempts: 1, at: '2026-12-05T06:00:00Z' }],
};

const accounts = [
  { id: '7', name: 'Fuel', fullName: 'Fuel', type: 'Expense', classification: 'Expense' },
  { id: '9', name: 'DEF fluid', fullName: 'DEF fluid', type: 'Expense', classification: 'Expense' },
  { id: '41', name: 'Fleet fuel card', fullName: 'Fleet fuel card', type: 'Credit Card', classification: 'Liability' },
];

function quickBooksApi(initial: QuickBooksStatus) {
  let status = initial;
  const calls: string[] = [];
  server.use(
    http.get(apiUrl('/wex/company/webhooks'), () => HttpResponse.json({ content: [], eventTypes: [] })),
    http.get(apiUrl('/wex/company/telematics/connectors'), () => HttpResponse.json({ connectors: [] })),
    http.get(apiUrl('/wex/company/accounting/qbo'), () => HttpResponse.json(status)),
    http.get(apiUrl('/wex/company/accounting/qbo/accounts'), () => HttpResponse.json({ content: accounts })),
    http.get(apiUrl('/wex/company/accounting/qbo/connect'), () => {
      calls.push('connect');
      return HttpResponse.json({ url: 'https://appcenter.intuit.com/connect/oauth2?state=s1' });
    }),
    http.put(apiUrl('/wex/company/accounting/qbo/mapping'), async ({ request }) => {
      const body = await request.json();
      calls.push(`PUT mapping ${JSON.stringify(body)}`);
      return HttpResponse.json(body);
    }),
    http.post(apiUrl('/wex/company/accounting/qbo/push'), async ({ request }) => {
      const body = (await request.json()) as { from: string; to: string };
      calls.push(`POST push ${body.from} ${body.to}`);
      if (body.from > body.to) return HttpResponse.json({ status: 400, message: 'Validation failed', fieldErrors: { to: ['Must not be before from'] } }, { status: 400 });
      return HttpResponse.json({ at: '2026-12-06T12:00:00Z', from: body.from, to: body.to, created: 3, alreadyInQuickBooks: 0, failed: 0 });
    }),
    http.delete(apiUrl('/wex/company/accounting/qbo'), () => {
      calls.push('DELETE');
      status = notConnected;
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { calls };
}

afterEach(() => vi.unstubAllGlobals());

describe('QuickBooks Online card', () => {
  it('says when the server has no Intuit app', async () => {
    server.use(
      http.get(apiUrl('/wex/company/webhooks'), () => HttpResponse.json({ content: [], eventTypes: [] })),
      http.get(apiUrl('/wex/company/telematics/connectors'), () => HttpResponse.json({ connectors: [] })),
    );
    renderApp(paths.integrations, { session });
    expect(await screen.findByTestId('quickbooks-not-configured')).toHaveTextContent('not configured on this server');
  });

  it('sends the browser to Intuit to connect', async () => {
    const { calls } = quickBooksApi(notConnected);
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { user } = renderApp(paths.integrations, { session });
    await user.click(await screen.findByRole('button', { name: 'Connect to QuickBooks' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://appcenter.intuit.com/connect/oauth2?state=s1'));
    expect(calls).toEqual(['connect']);
  });

  it("shows Intuit's result, the realm, the last push and its failures; maps accounts, pushes a range, disconnects when asked again", async () => {
    const { calls } = quickBooksApi(connected);
    const { user } = renderApp(`${paths.integrations}?quickbooks=connected`, { session });
    expect(await screen.findByTestId('quickbooks-result')).toHaveTextContent('QuickBooks is connected');
    const card = screen.getByRole('region', { name: 'QuickBooks Online' });
    // Intuit's result comes from the address at once; the connection's status from the server after it.
    expect(await within(card).findByText(/QuickBooks company 9130350000000001/)).toBeInTheDocument();
    expect(within(card).getByTestId('quickbooks-last-push')).toHaveTextContent('118 created, 2 already there, 1 failed.');
    expect(within(card).getByTestId('quickbooks-last-push')).toHaveTextContent('120 purchases in QuickBooks.');
    expect(within(card).getByTestId('quickbooks-failures')).toHaveTextContent('Transaction 5012: No QuickBooks account is mapped to product DEF');

    // Map DEF to the DEF fluid account (the choices are the company's QuickBooks accounts).
    await user.click(await within(card).findByRole('combobox', { name: 'DEF' }));
    await user.click(await screen.findByRole('option', { name: 'DEF fluid' }));
    await user.click(within(card).getByRole('button', { name: 'Save accounts' }));
    await waitFor(() => expect(calls.at(-1)).toBe('PUT mapping {"products":{"DSL":"7","DEF":"9"},"paymentAccount":"41"}'));

    // Push a range; a range the server refuses shows its reason.
    const from = within(card).getByTestId('quickbooks-from');
    const to = within(card).getByTestId('quickbooks-to');
    await user.clear(from);
    await user.type(from, '2026-12-01');
    await user.clear(to);
    await user.type(to, '2026-11-01');
    await user.click(within(card).getByRole('button', { name: 'Send now' }));
    expect(await within(card).findByTestId('quickbooks-push-error')).toHaveTextContent(/Must not be before from|Validation failed/);
    await user.clear(to);
    await user.type(to, '2026-12-05');
    await user.click(within(card).getByRole('button', { name: 'Send now' }));
    expect(await within(card).findByTestId('quickbooks-push-result')).toHaveTextContent('3 created, 0 already in QuickBooks, 0 failed');
    expect(calls).toContain('POST push 2026-12-01 2026-12-05');

    // Disconnect: asked again first.
    await user.click(within(card).getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect QuickBooks?' });
    expect(calls).not.toContain('DELETE');
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(calls.at(-1)).toBe('DELETE'));
    expect(await screen.findByRole('button', { name: 'Connect to QuickBooks' })).toBeInTheDocument();
  });

  it('is the page a bookkeeper sees: QuickBooks without webhooks', async () => {
    quickBooksApi(notConnected);
    server.use(http.get(apiUrl('/account/permissions'), () => HttpResponse.json(bookkeeperPermissions)));
    renderApp(paths.integrations, { session });
    expect(await screen.findByRole('button', { name: 'Connect to QuickBooks' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Webhooks' })).not.toBeInTheDocument();
  });
});
