import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import type { TelematicsConnector } from '../api/connectors-api';

const session = { token: 't1', refreshToken: 'r1' };

const none = (vendor: TelematicsConnector['vendor']): TelematicsConnector => ({
  vendor,
  configured: false,
  connectedAt: null,
  lastPullAt: null,
  lastError: '',
  lastErrorAt: null,
  unmatchedVehicles: [],
  positions: 0,
});

function connectorsApi(initial: TelematicsConnector[]) {
  let list = [...initial];
  const calls: string[] = [];
  server.use(
    http.get(apiUrl('/wex/company/webhooks'), () => HttpResponse.json({ content: [], eventTypes: [] })),
    http.get(apiUrl('/wex/company/telematics/connectors'), () => HttpResponse.json({ connectors: list })),
    http.put(apiUrl('/wex/company/telematics/connectors/:vendor'), async ({ request, params }) => {
      const body = (await request.json()) as { token: string; database?: string };
      calls.push(`PUT ${String(params.vendor)} ${JSON.stringify(body)}`);
      if (body.token === 'wrong') {
        return HttpResponse.json({ status: 400, message: 'Samsara refused the token: HTTP 401: Unauthorized' }, { status: 400 });
      }
      const saved = { ...none(params.vendor as TelematicsConnector['vendor']), configured: true, connectedAt: '2026-12-06T12:00:00Z' };
      list = list.map((c) => (c.vendor === saved.vendor ? saved : c));
      return HttpResponse.json(saved);
    }),
    http.delete(apiUrl('/wex/company/telematics/connectors/:vendor'), ({ params }) => {
      calls.push(`DELETE ${String(params.vendor)}`);
      list = list.map((c) => (c.vendor === params.vendor ? none(c.vendor) : c));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { calls };
}

describe('telematics connectors', () => {
  it('connects Samsara, showing the vendor refusing a token, and never shows the token again', async () => {
    const { calls } = connectorsApi([none('samsara'), none('geotab'), none('motive')]);
    const { user } = renderApp(paths.integrations, { session });

    const row = await screen.findByTestId('connector-samsara');
    expect(row).toHaveTextContent('Not connected');
    await user.click(within(row).getByRole('button', { name: 'Connect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect Samsara' });
    await user.click(within(dialog).getByTestId('connector-token'));
    await user.paste('wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Test and connect' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Samsara refused the token: HTTP 401: Unauthorized');

    await user.clear(within(dialog).getByTestId('connector-token'));
    await user.click(within(dialog).getByTestId('connector-token'));
    await user.paste('samsara-secret-token');
    await user.click(within(dialog).getByRole('button', { name: 'Test and connect' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.at(-1)).toBe('PUT samsara {"token":"samsara-secret-token"}');
    await waitFor(() => expect(screen.getByTestId('connector-samsara')).toHaveTextContent('Connected'));
    expect(screen.queryByText(/samsara-secret-token/)).not.toBeInTheDocument();
  });

  it('shows the last error and unmatched vehicles, sends Geotab as user:password, and disconnects', async () => {
    const failing: TelematicsConnector = {
      ...none('motive'),
      configured: true,
      connectedAt: '2026-12-06T10:00:00Z',
      lastPullAt: '2026-12-06T11:00:00Z',
      lastError: 'HTTP 429: Too many requests',
      lastErrorAt: '2026-12-06T11:05:00Z',
      unmatchedVehicles: ['Yard Mule', 'Spare 2'],
      positions: 120,
    };
    const { calls } = connectorsApi([none('samsara'), none('geotab'), failing]);
    const { user } = renderApp(paths.integrations, { session });

    const row = await screen.findByTestId('connector-motive');
    expect(row).toHaveTextContent('Failing');
    expect(row).toHaveTextContent('HTTP 429: Too many requests');
    expect(within(row).getByTestId('connector-motive-unmatched')).toHaveTextContent('Unmatched vehicles: Yard Mule, Spare 2');
    expect(row).toHaveTextContent('Yard Mule, Spare 2');

    await user.click(within(screen.getByTestId('connector-geotab')).getByRole('button', { name: 'Connect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect Geotab' });
    await user.type(within(dialog).getByLabelText(/User/), 'svc@acme.test');
    await user.type(within(dialog).getByLabelText(/^Database/), 'acme');
    await user.click(within(dialog).getByTestId('connector-token'));
    await user.paste('pw:with:colons');
    await user.click(within(dialog).getByRole('button', { name: 'Test and connect' }));
    await waitFor(() => expect(calls.at(-1)).toBe('PUT geotab {"token":"svc@acme.test:pw:with:colons","database":"acme"}'));

    await user.click(within(screen.getByTestId('connector-motive')).getByRole('button', { name: 'Disconnect' }));
    const confirm = await screen.findByRole('dialog', { name: 'Disconnect Motive' });
    await user.click(within(confirm).getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(calls.at(-1)).toBe('DELETE motive'));
  });
});
