import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import type { DriverRequest } from '../api/driver-requests-api';


const session = { token: 't1', refreshToken: 'r1' };

const nina: DriverRequest = {
  id: 41,
  firstName: 'Nina',
  lastName: 'Newman',
  email: 'nina@fleet.test',
  phoneNumber: '+1 407 555 0177',
  cardNumber: '7071000000000004321',
  requestedAt: '2026-11-20T10:00:00Z',
};

function requestsApi(initial: DriverRequest[]) {
  const requests = [...initial];
  const decisions: string[] = [];
  server.use(
    http.get(apiUrl('/wex/company/get-cards'), () => HttpResponse.json({ value: [] })),
    http.get(apiUrl('/wex/company/driver-requests'), () => HttpResponse.json(requests)),
    http.post(apiUrl('/wex/company/driver-requests/:id/:decision'), ({ params }) => {
      decisions.push(`${String(params.id)} ${String(params.decision)}`);
      requests.splice(requests.findIndex((request) => String(request.id) === params.id), 1);
      return HttpResponse.json({});
    }),
  );
  return decisions;
}

describe('driver requests on the fuel cards screen', () => {
  it('lists the waiting drivers and approves one', async () => {
    const decisions = requestsApi([nina]);
    const { user } = renderApp(paths.fuelCards, { session });
    const section = await screen.findByRole('region', { name: 'Drivers waiting for approval' });
    const row = await within(section).findByRole('article', { name: 'Nina Newman' });
    expect(row).toHaveTextContent('nina@fleet.test · +1 407 555 0177');
    expect(within(row).getByText(/Card •••• 4321/)).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Approve Nina Newman' }));
    await waitFor(() => expect(decisions).toEqual(['41 approve']));
    expect(await within(section).findByText('No drivers are waiting for approval.')).toBeInTheDocument();
  });

  it('says when several drivers ask for one card, and approving one takes the others off the list', async () => {
    const sam: DriverRequest = { ...nina, id: 42, firstName: 'Sam', lastName: 'Second', email: 'sam@fleet.test' };
    const decisions = requestsApi([nina, sam]);
    const { user } = renderApp(paths.fuelCards, { session });
    const section = await screen.findByRole('region', { name: 'Drivers waiting for approval' });
    const row = await within(section).findByRole('article', { name: 'Nina Newman' });
    expect(within(row).getByTestId('request-rivals')).toHaveTextContent(
      '1 other driver asked for this card: approving one declines the other',
    );
    server.use(
      http.post(apiUrl('/wex/company/driver-requests/:id/:decision'), ({ params }) => {
        decisions.push(`${String(params.id)} ${String(params.decision)}`);
        server.use(http.get(apiUrl('/wex/company/driver-requests'), () => HttpResponse.json([])));
        return HttpResponse.json({});
      }),
    );
    await user.click(within(row).getByRole('button', { name: 'Approve Nina Newman' }));
    await waitFor(() => expect(decisions).toEqual(['41 approve']));
    expect(await within(section).findByText('No drivers are waiting for approval.')).toBeInTheDocument();
  });

  it('rejects a request', async () => {
    const decisions = requestsApi([nina]);
    const { user } = renderApp(paths.fuelCards, { session });
    await user.click(await screen.findByRole('button', { name: 'Reject Nina Newman' }));
    await waitFor(() => expect(decisions).toEqual(['41 reject']));
  });

  it('shows loading, then a load failure with a retry', async () => {
    requestsApi([]);
    let fail = true;
    server.use(
      http.get(apiUrl('/wex/company/driver-requests'), async () => {
        await delay(50);
        return fail ? HttpResponse.json({ status: 500, message: 'x' }, { status: 500 }) : HttpResponse.json([nina]);
      }),
    );
    const { user } = renderApp(paths.fuelCards, { session });
    const section = await screen.findByRole('region', { name: 'Drivers waiting for approval' });
    expect(within(section).getByLabelText('Loading...')).toBeInTheDocument();
    expect(await within(section).findByText('Failed to load driver requests.')).toBeInTheDocument();
    fail = false;
    await user.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByRole('article', { name: 'Nina Newman' })).toBeInTheDocument();
  });
});

describe('driver requests on the dashboard', () => {
  it('shows the section only while drivers wait', async () => {
    requestsApi([nina]);
    renderApp(paths.dashboard, { session });
    expect(await screen.findByRole('article', { name: 'Nina Newman' })).toBeInTheDocument();
  });

  it('hides the section when nobody waits', async () => {
    requestsApi([]);
    renderApp(paths.dashboard, { session });
    expect(await screen.findByText('Total Saved')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Drivers waiting for approval' })).not.toBeInTheDocument();
  });
});
