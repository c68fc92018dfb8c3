import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { renderApp } from '@/test/render';
import { apiUrl, limitedToGroup, ownerPermissions, server } from '@/test/server';
import type { WebhookDelivery, WebhookEndpoint, WebhookEventType } from '../api/webhooks-api';

const session = { token: 't1', refreshToken: 'r1' };
const eventTypes: WebhookEventType[] = ['transaction.approved', 'transaction.declined', 'trip.completed', 'wallet.low'];

const endpoint: WebhookEndpoint = {
  id: 7,
  url: 'https://backoffice.example.com/fuel',
  events: ['transaction.approved', 'wallet.low'],
  active: true,
  failing: true,
  createdAt: '2026-11-24T15:04:00Z',
  updatedAt: '2026-11-24T15:04:00Z',
};

const delivery: WebhookDelivery = {
  id: 31,
  eventId: 'evt_1',
  eventType: 'transaction.approved',
  status: 'PENDING',
  attempts: 2,
  lastError: 'HTTP 500',
  responseCode: 500,
  nextAttemptAt: '2026-11-24T15:10:00Z',
  createdAt: '2026-11-24T15:04:00Z',
  deliveredAt: null,
};

function webhooksApi(initial: WebhookEndpoint[]) {
  let endpoints = [...initial];
  const calls: string[] = [];
  server.use(
    http.get(apiUrl('/wex/company/webhooks'), () => HttpResponse.json({ content: endpoints, eventTypes })),
    http.get(apiUrl('/wex/company/telematics/connectors'), () => HttpResponse.json({ connectors: [] })),
    http.post(apiUrl('/wex/company/webhooks'), async ({ request }) => {
      const body = (await request.json()) as { url: string; events: WebhookEventType[]; active: boolean };
      calls.push(`POST ${JSON.stringify(body)}`);
      if (body.url.includes('127.0.0.1')) {
        return HttpResponse.json({ status: 400, message: { url: ['Must resolve to a public internet address'] } }, { status: 400 });
      }
      const created = { ...endpoint, id: 8, url: body.url, events: body.events, active: body.active, failing: false };
      endpoints = [...endpoints, created];
      return HttpResponse.json({ ...created, secret: 'whsec_abc123' }, { status: 201 });
    }),
    http.get(apiUrl('/wex/company/webhooks/:id/deliveries'), () => HttpResponse.json({ content: [delivery] })),
    http.post(apiUrl('/wex/company/webhooks/deliveries/:id/resend'), ({ params }) => {
      calls.push(`RESEND ${String(params.id)}`);
      return HttpResponse.json({ ...delivery, id: 32, attempts: 0, lastError: '', responseCode: null }, { status: 201 });
    }),
  );
  return { calls };
}

describe('integrations', () => {
  it('adds an endpoint, shows the server refusing a private address, then the secret once', async () => {
    const { calls } = webhooksApi([]);
    const { user } = renderApp(paths.integrations, { session });

    expect(await screen.findByTestId('webhooks-empty')).toHaveTextContent('No webhook endpoints yet');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook endpoint' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText("Enter the endpoint's URL")).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one event')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.click(within(dialog).getByLabelText(/Endpoint URL/));
    await user.paste('https://127.0.0.1/hook');
    await user.click(within(dialog).getByRole('checkbox', { name: /Purchase declined/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Must resolve to a public internet address')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/Endpoint URL/));
    await user.click(within(dialog).getByLabelText(/Endpoint URL/));
    await user.paste('https://backoffice.example.com/new');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const secret = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(secret).getByLabelText('Signing secret')).toHaveValue('whsec_abc123');
    expect(calls.at(-1)).toBe('POST {"url":"https://backoffice.example.com/new","events":["transaction.declined"],"active":true}');
    await user.click(within(secret).getByRole('button', { name: "I've saved it" }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('https://backoffice.example.com/new')).toBeInTheDocument();
    expect(screen.queryByText('whsec_abc123')).not.toBeInTheDocument();
  });

  it('lists an endpoint with its state and events, and resends a delivery', async () => {
    const { calls } = webhooksApi([endpoint]);
    const { user } = renderApp(paths.integrations, { session });

    const row = await screen.findByTestId('webhook-row');
    expect(row).toHaveTextContent('https://backoffice.example.com/fuel');
    expect(row).toHaveTextContent('Active');
    expect(row).toHaveTextContent('Failing');
    expect(row).toHaveTextContent('Purchase approved, Wallet balance low');

    await user.click(within(row).getByRole('button', { name: 'Deliveries' }));
    const dialog = await screen.findByRole('dialog', { name: /Deliveries/ });
    const deliveryRow = await within(dialog).findByTestId('delivery-row');
    expect(deliveryRow).toHaveTextContent('Pending');
    expect(deliveryRow).toHaveTextContent('2 attempts');
    expect(deliveryRow).toHaveTextContent('HTTP 500');
    await user.click(within(deliveryRow).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(calls).toContain('RESEND 31'));
  });

  it('tells an admin limited to a group that integrations cover the whole company, and asks for none of them', async () => {
    const asked: string[] = [];
    const admin = { ...ownerPermissions, role: 'admin', actions: ownerPermissions.actions.filter((action) => action !== 'owners.manage' && action !== 'company.close') };
    server.use(
      http.get(apiUrl('/account/permissions'), () => HttpResponse.json(limitedToGroup(admin, 7))),
      http.get(apiUrl('/wex/company/webhooks'), () => {
        asked.push('webhooks');
        return HttpResponse.json({ content: [endpoint], eventTypes });
      }),
      http.get(apiUrl('/wex/company/telematics/connectors'), () => {
        asked.push('connectors');
        return HttpResponse.json({ connectors: [] });
      }),
    );
    renderApp(paths.integrations, { session });

    expect(await screen.findByTestId('role-cannot')).toHaveTextContent(
      'As a member limited to a group, you cannot manage integrations: it covers the whole company.',
    );
    expect(screen.queryByRole('button', { name: 'Add endpoint' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('webhook-row')).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
