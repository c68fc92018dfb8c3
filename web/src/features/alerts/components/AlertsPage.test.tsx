import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { authApi } from '@/lib/auth/auth-api';
import { paths } from '@/lib/paths';
import { renderApp } from '@/test/render';
import { apiUrl, driverAccount, ownerAccount, server } from '@/test/server';
import { ALERT_KINDS, type CompanyAlert, type OverrideRequest } from '../api/alerts-api';

const session = { token: 't1', refreshToken: 'r1' };

function alert(id: number, extra: Partial<CompanyAlert> = {}): CompanyAlert {
  const message = extra.message ?? `Sam Carter's purchase was declined: Over the daily limit (#${id})`;
  return {
    id,
    kind: 'DECLINE',
    message,
    text: message,
    cardNumber: '7071000000000001234',
    driverName: 'Sam Carter',
    transactionId: 100 + id,
    overrideRequestId: null,
    tripId: null,
    tripRequestId: null,
    read: false,
    createdAt: '2026-11-24T15:04:00Z',
    requestStatus: null,
    decidedAt: null,
    decidedBy: null,
    ...extra,
  };
}

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
  locationName: 'Pilot Travel Center #81',
  attemptedAmount: 412.5,
  liftsPrompt: false,
};

function alertsApi(initial: CompanyAlert[], { fail = false } = {}) {
  const alerts = [...initial];
  const calls: string[] = [];
  let pending = [request];
  server.use(
    http.get(apiUrl('/wex/company/alerts'), ({ request: incoming }) => {
      if (fail) return HttpResponse.json({ status: 500, message: 'boom' }, { status: 500 });
      const params = new URL(incoming.url).searchParams;
      const unread = params.get('unread') === 'true';
      const size = Number(params.get('size'));
      calls.push(`GET ${params.toString()}`);
      const shown = alerts.filter((item) => !unread || !item.read);
      return HttpResponse.json({
        content: shown.slice(0, size),
        page: { size, number: 0, totalElements: shown.length, totalPages: Math.ceil(shown.length / size) },
        unreadCount: alerts.filter((item) => !item.read).length,
      });
    }),
    http.post(apiUrl('/wex/company/alerts/:id/read'), ({ params }) => {
      calls.push(`READ ${String(params.id)}`);
      const index = alerts.findIndex((item) => item.id === Number(params.id));
      alerts[index] = { ...alerts[index]!, read: true };
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(apiUrl('/wex/company/alerts/read-all'), () => {
      calls.push('READ ALL');
      alerts.forEach((item, index) => (alerts[index] = { ...item, read: true }));
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(apiUrl('/wex/company/override-requests'), () => HttpResponse.json({ content: pending })),
    http.post(apiUrl('/wex/company/override-requests/:id/:decision'), async ({ params, request: incoming }) => {
      calls.push(`${String(params.decision).toUpperCase()} ${String(params.id)} ${JSON.stringify(await incoming.json())}`);
      pending = [];
      return HttpResponse.json({ ...request, status: params.decision === 'approve' ? 'APPROVED' : 'DENIED' });
    }),
  );
  return { calls };
}

describe('alerts', () => {
  it('lists alerts with their kind, unread ones marked, and the unread count in the navigation', async () => {
    alertsApi([alert(1), alert(2, { kind: 'NEAR_LIMIT', message: 'Near the weekly limit', read: true })]);
    renderApp(paths.alerts, { session });

    const rows = await screen.findAllByTestId('alert-row');
    expect(rows.map((row) => row.getAttribute('data-read'))).toEqual(['false', 'true']);
    expect(within(rows[0]!).getByRole('img', { name: 'Declined purchase' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('img', { name: 'Near a limit' })).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Sam Carter · 7071 •••• 1234');
    expect(await screen.findByRole('link', { name: '1 Alerts, unread' })).toHaveAttribute('href', paths.alerts);
    expect(screen.getByTestId('nav-badge')).toHaveTextContent('1');
  });

  it("shows each alert in the reader's language (its text), not the English message, and loads them again when the account (its language) is saved", async () => {
    const english = 'Purchase declined: Sam Carter, card ending 1234, at Pilot #81. Over the daily limit.';
    const { calls } = alertsApi([alert(1, { message: english, text: 'Compra rechazada: Sam Carter, tarjeta terminada en 1234, en Pilot #81. Supera el límite diario.' })]);
    // The answer keeps the account in English: the app's language stays as the other tests expect it.
    server.use(http.put(apiUrl('/account'), () => HttpResponse.json(ownerAccount)));
    const { store } = renderApp(paths.alerts, { session });

    const row = await screen.findByTestId('alert-row');
    expect(row).toHaveTextContent('Compra rechazada: Sam Carter, tarjeta terminada en 1234');
    expect(row).not.toHaveTextContent('Purchase declined');
    // The page's loads (the navigation's unread count polls the same path with size=1).
    const pageLoads = () => calls.filter((call) => call.startsWith('GET') && call.includes('size=20')).length;
    const loads = pageLoads();
    const { firstName, lastName, email, phoneNumber } = ownerAccount;
    await store.dispatch(authApi.endpoints.updateAccount.initiate({ firstName, lastName, email, phoneNumber, language: 'en' }));
    await waitFor(() => expect(pageLoads()).toBeGreaterThan(loads));
  });

  it('offers every kind of alert in the kind filter', async () => {
    alertsApi([alert(1)]);
    const { user } = renderApp(paths.alerts, { session });
    await screen.findAllByTestId('alert-row');
    await user.click(within(screen.getByTestId('alert-kind-filter')).getByRole('combobox'));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toHaveLength(1 + ALERT_KINDS.length);
    expect(ALERT_KINDS).toHaveLength(15);
    expect(options).toEqual(expect.arrayContaining(['Declined purchase', 'Near a limit', 'Statement ready', 'Money back to the wallet', 'Card shipment']));
  });

  it('marks an alert read on click, and all with Mark all read', async () => {
    const { calls } = alertsApi([alert(1), alert(2), alert(3, { read: true })]);
    const { user } = renderApp(paths.alerts, { session });

    const rows = await screen.findAllByTestId('alert-row');
    await user.click(within(rows[0]!).getByRole('button', { name: /Unread:/ }));
    await waitFor(() => expect(screen.getAllByTestId('alert-row')[0]).toHaveAttribute('data-read', 'true'));
    expect(calls).toContain('READ 1');
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.getAllByTestId('alert-row').every((row) => row.getAttribute('data-read') === 'true')).toBe(true));
    expect(calls).toContain('READ ALL');
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('links a failing webhook endpoint to the Integrations page', async () => {
    alertsApi([alert(1, { kind: 'WEBHOOK_FAILING', message: 'Webhook endpoint failing: https://backoffice.example.com/fuel', cardNumber: '', driverName: '', transactionId: null })]);
    renderApp(paths.alerts, { session });

    const row = await screen.findByTestId('alert-row');
    expect(within(row).getByRole('img', { name: 'Webhook endpoint failing' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Open Integrations' })).toHaveAttribute('href', paths.integrations);
  });

  it('filters to unread and says when there are none', async () => {
    alertsApi([alert(1, { read: true })]);
    const { user } = renderApp(paths.alerts, { session });

    await screen.findAllByTestId('alert-row');
    await user.click(screen.getByRole('button', { name: 'Unread (0)' }));
    expect(await screen.findByTestId('alerts-empty')).toHaveTextContent('No unread alerts');
  });

  it('approves an override request for the chosen hours', async () => {
    const { calls } = alertsApi([alert(1, { kind: 'OVERRIDE_REQUEST', message: 'Sam Carter asks for an override', overrideRequestId: 9 })]);
    const { user } = renderApp(paths.alerts, { session });

    const decision = await screen.findByTestId('request-decision');
    await user.click(within(decision).getByRole('combobox', { name: 'Hours' }));
    await user.click(await screen.findByRole('option', { name: '8 hours' }));
    await user.click(within(decision).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText("Sam Carter's card is unlocked for 8 hours")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('request-decision')).not.toBeInTheDocument());
    expect(calls).toContain('APPROVE 9 {"hours":8}');
  });

  it('denies an override request', async () => {
    const { calls } = alertsApi([alert(1, { kind: 'OVERRIDE_REQUEST', overrideRequestId: 9 })]);
    const { user } = renderApp(paths.alerts, { session });

    await user.click(within(await screen.findByTestId('request-decision')).getByRole('button', { name: 'Deny' }));
    expect(await screen.findByText("Sam Carter's request was denied")).toBeInTheDocument();
    expect(calls).toContain('DENY 9 {}');
  });

  it("approves a driver's request to end a locked trip, and links to the trip", async () => {
    const { calls } = alertsApi([alert(1, { kind: 'TRIP_REQUEST', tripId: 41, tripRequestId: 5, transactionId: null, message: 'Trip request: Sam Carter asks to end the trip.' })]);
    let pendingTrips = [{ id: 5, tripId: 41, kind: 'END', status: 'PENDING', driverName: 'Sam Carter' }];
    server.use(
      http.get(apiUrl('/wex/company/trip-requests'), () => HttpResponse.json({ content: pendingTrips })),
      http.post(apiUrl('/wex/company/trip-requests/:id/:decision'), ({ params }) => {
        calls.push(`TRIP ${String(params.decision).toUpperCase()} ${String(params.id)}`);
        pendingTrips = [];
        return HttpResponse.json({ id: 5, tripId: 41, kind: 'END', status: 'APPROVED', driverName: 'Sam Carter' });
      }),
    );
    const { user } = renderApp(paths.alerts, { session });

    const row = await screen.findByTestId('alert-row');
    expect(within(row).getByRole('img', { name: 'Trip request' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'View trip' })).toHaveAttribute('href', '/trips/41');
    await user.click(await within(row).findByTestId('trip-request-approve'));
    expect(await screen.findByText("Sam Carter's request was approved")).toBeInTheDocument();
    expect(calls).toContain('TRIP APPROVE 5');
    await waitFor(() => expect(screen.queryByTestId('trip-request-approve')).not.toBeInTheDocument());
  });

  it('offers to try again when the alerts fail to load', async () => {
    alertsApi([], { fail: true });
    renderApp(paths.alerts, { session });
    expect(await screen.findByTestId('load-error')).toBeInTheDocument();
  });

  it('is for owners only: a driver has no Alerts entry and goes to the dashboard', async () => {
    server.use(
      http.get(apiUrl('/account'), () => HttpResponse.json(driverAccount)),
      http.get(apiUrl('/wex/total-spendings'), () => HttpResponse.json([{ total: 1, saved: 1 }])),
      http.get(apiUrl('/wex/transactions'), () => HttpResponse.json({ content: [], page: { number: 0, totalPages: 0 } })),
    );
    const { router } = renderApp(paths.alerts, { session });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard));
    expect(screen.queryByRole('link', { name: /Alerts/ })).not.toBeInTheDocument();
  });
});
