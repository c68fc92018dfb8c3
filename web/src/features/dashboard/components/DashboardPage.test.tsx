import { act, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { paths } from '@/lib/paths';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { renderApp, renderWithProviders } from '@/test/render';
import { apiUrl, bookkeeperPermissions, dispatcherPermissions, driverAccount, limitedToGroup, ownerAccount, server } from '@/test/server';
import { DashboardPage } from './DashboardPage';


const session = { token: 't1', refreshToken: 'r1' };

const cards = ['7071000000000001234', '7071000000000005678', '7071000000000009012', '7071000000000003456'].map(
  (cardNumber, index) => ({
    cardNumber,
    status: index === 1 ? 'INACTIVE' : 'ACTIVE',
    driverName: `Driver ${index + 1}`,
    driverId: `D-${index + 1}`,
    unitNumber: `TRK-${index + 1}`,
  }),
);

const transactions = [1, 2, 3].map((id) => ({
  transactionId: id,
  transactionDate: dayjs().subtract(id, 'hour').format('YYYY-MM-DDTHH:mm:ss'),
  invoiceRef: `INV-00000${id}`,
  locationName: `Pilot Travel Center #${id}`,
  driverCardName: 'Sam Carter',
  fundedTotal: 100 * id + 0.5,
  discAmount: 10 * id,
  attemptedAmount: 100 * id + 20,
  status: id === 2 ? 'DECLINED' : 'APPROVED',
  declineReason: id === 2 ? 'CARD_INACTIVE' : null,
}));

interface Options {
  saved?: (lastDays: number) => number;
  wallet?: { balance: number; held?: number; available?: number; canAddFunds: boolean; canPayByInvoice: boolean };
  /** A company just signed up: no cards, no purchases. */
  brandNew?: boolean;
  paymentsConfigured?: boolean;
}

/** Company endpoints; returns the lastDays and transaction queries seen. */
function companyApi({
  saved = () => 120.5,
  wallet = { balance: 12500.25, canAddFunds: true, canPayByInvoice: false },
  brandNew = false,
  paymentsConfigured = true,
}: Options = {}) {
  const seen = { lastDays: [] as number[], transactionQueries: [] as URLSearchParams[] };
  server.use(
    http.get(apiUrl('/wex/company/total-spendings'), ({ request }) => {
      const lastDays = Number(new URL(request.url).searchParams.get('lastDays'));
      seen.lastDays.push(lastDays);
      return HttpResponse.json([{ total: 5000, saved: saved(lastDays), missedSavings: 0 }]);
    }),
    http.get(apiUrl('/wex/company/wallet'), () => HttpResponse.json(wallet)),
    http.get(apiUrl('/wex/company/wallet/low-balance'), () => HttpResponse.json({ threshold: 500 })),
    http.get(apiUrl('/wex/company/contract'), () =>
      HttpResponse.json({
        pricing: 'RETAIL_MINUS',
        retailMinusCents: 12,
        billing: wallet.canPayByInvoice ? 'INVOICE' : 'PREPAID',
        creditLimit: 25000,
        feePerTransaction: 1.5,
        outOfRouteCostPerMile: wallet.canPayByInvoice ? 1.85 : 0,
        costPerStop: wallet.canPayByInvoice ? 25 : 0,
      }),
    ),
    http.get(apiUrl('/wex/company/get-cards'), () => HttpResponse.json({ value: brandNew ? [] : cards })),
    http.get(apiUrl('/wex/company/transactions'), ({ request }) => {
      seen.transactionQueries.push(new URL(request.url).searchParams);
      if (brandNew) return HttpResponse.json({ content: [], page: { number: 0, size: 3, totalElements: 0, totalPages: 0 } });
      return HttpResponse.json({ content: transactions, page: { number: 0, size: 3, totalElements: 40, totalPages: 14 } });
    }),
    http.get(apiUrl('/config'), () => HttpResponse.json({ paymentsConfigured, stripePublishableKey: '', mapStyleUrl: '' })),
  );
  return seen;
}

describe('company dashboard', () => {
  it('shows an error with a Try again button on each tile whose call failed, and the button asks again', async () => {
    companyApi();
    let failing = true;
    const calls = { saved: 0, cards: 0 };
    server.use(
      http.get(apiUrl('/wex/company/total-spendings'), () => {
        calls.saved += 1;
        return failing ? HttpResponse.json({ status: 500, message: 'boom' }, { status: 500 }) : HttpResponse.json([{ total: 5000, saved: 77 }]);
      }),
      http.get(apiUrl('/wex/company/get-cards'), () => {
        calls.cards += 1;
        return failing ? HttpResponse.json({ status: 500, message: 'boom' }, { status: 500 }) : HttpResponse.json({ value: cards });
      }),
    );
    const { user } = renderApp(paths.dashboard, { session });

    // Total Saved no longer stays a skeleton, and the Fuel Cards tile no longer goes blank.
    const savedTile = await screen.findByTestId('total-saved-tile');
    const cardsTile = await screen.findByTestId('fuel-cards-tile');
    expect(await within(savedTile).findByText('Unable to fetch data. Try Again.')).toBeInTheDocument();
    expect(await within(cardsTile).findByText('Unable to fetch data. Try Again.')).toBeInTheDocument();

    failing = false;
    const savedCalls = calls.saved;
    await user.click(within(savedTile).getByRole('button', { name: 'Try again' }));
    expect(await within(savedTile).findByTestId('total-saved-amount')).toHaveTextContent('$77.00');
    expect(calls.saved).toBeGreaterThan(savedCalls);
    await user.click(within(cardsTile).getByRole('button', { name: 'Try again' }));
    expect(await within(cardsTile).findAllByTestId('dashboard-card')).toHaveLength(3);
  });

  it('asks for the week first and switches once to the year when the week saved nothing', async () => {
    // Past the year's first week (in it, the year's day count is the week's). Only Date is faked.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 20, 12) });
    onTestFinished(() => void vi.useRealTimers());
    const seen = companyApi({ saved: (lastDays) => (lastDays === 7 ? 0 : 812.4) });
    const { user } = renderApp(paths.dashboard, { session });

    expect(await screen.findByTestId('total-saved-amount')).toHaveTextContent('$812.40');
    expect(screen.getByRole('button', { name: 'Year' })).toHaveAttribute('aria-pressed', 'true');
    expect(seen.lastDays).toEqual([7, 324]);

    // Only once: going back to the week keeps the week even though it saved nothing.
    await user.click(screen.getByRole('button', { name: 'Week' }));
    await waitFor(() => expect(screen.getByTestId('total-saved-amount')).toHaveTextContent('$0.00'));
    expect(screen.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('stays on the week when the week saved something, and sends the day counts of the other periods', async () => {
    // A day of the month that is neither 1 (Today's count) nor 7 (Week's): on those days Month asks
    // for a count already asked for, and no new request goes out. Only Date is faked.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 20, 12) });
    onTestFinished(() => void vi.useRealTimers());
    const seen = companyApi();
    const { user } = renderApp(paths.dashboard, { session });

    expect(await screen.findByTestId('total-saved-amount')).toHaveTextContent('$120.50');
    expect(screen.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await user.click(screen.getByRole('button', { name: 'Month' }));
    await user.click(screen.getByRole('button', { name: 'All Time' }));
    await waitFor(() => expect(seen.lastDays).toEqual([7, 1, 20, 3650]));
  });

  it('holds the tiles unseen until the driver requests answer, so that the section appearing pushes nothing', async () => {
    companyApi();
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get(apiUrl('/wex/company/driver-requests'), async () => {
        await answered;
        return HttpResponse.json([
          { id: 7, firstName: 'Steven', lastName: 'King', email: 'pending@demo.test', phoneNumber: '+14075550163', cardNumber: '7071000000000000614', requestedAt: '2026-11-25T01:00:00Z' },
        ]);
      }),
    );
    renderApp(paths.dashboard, { session });

    const wallet = await screen.findByTestId('wallet-tile');
    expect(wallet).not.toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Loading...' })).toBeInTheDocument();
    answer();
    expect(await screen.findByRole('region', { name: 'Drivers waiting for approval' })).toBeVisible();
    expect(wallet).toBeVisible();
    expect(screen.queryByRole('progressbar', { name: 'Loading...' })).not.toBeInTheDocument();
  });

  it('does not re-render the tiles when the section above them settles (each tile renders on its own data)', async () => {
    companyApi();
    let renders = 0;
    function DriverRequests() {
      renders += 1;
      return null;
    }
    const NoModal = () => null;
    let settle!: () => void;
    function Harness() {
      const [topSettled, setTopSettled] = useState(false);
      settle = () => setTopSettled(true);
      return (
        <MemoryRouter>
          <DashboardPage PaymentMethodModal={NoModal} DriverRequests={DriverRequests} topSettled={topSettled} />
        </MemoryRouter>
      );
    }
    renderWithProviders(<Harness />, {
      preloadedState: { auth: { token: 't1', refreshToken: 'r1', user: ownerAccount, signOutRedirect: null } },
    });
    expect(await screen.findByTestId('wallet-balance')).not.toBeVisible();
    const before = renders;
    act(() => settle());
    expect(screen.getByTestId('wallet-balance')).toBeVisible();
    expect(renders).toBe(before);
  });

  it('shows a positive prepaid balance in green with Add Funds, which opens the payment method modal', async () => {
    companyApi({ wallet: { balance: 12500.25, canAddFunds: true, canPayByInvoice: false } });
    const { user } = renderApp(paths.dashboard, { session });

    const balance = await screen.findByTestId('wallet-balance');
    expect(balance).toHaveTextContent('$12,500.25');
    expect(balance).toHaveStyle({ color: 'rgb(53, 194, 122)' });
    expect(screen.queryByRole('button', { name: 'Pay Invoice' })).not.toBeInTheDocument();
    expect(await screen.findByTestId('wallet-contract')).toHaveTextContent('Prepaid contract');
    expect(await screen.findByTestId('wallet-low-balance')).toHaveTextContent('Low-balance alert below $500.00');
    expect(screen.queryByTestId('wallet-planner-costs')).not.toBeInTheDocument(); // no detour costs in this contract
    await user.click(screen.getByRole('button', { name: 'Add Funds' }));
    expect(await screen.findByRole('dialog', { name: 'Payment Methods' })).toBeInTheDocument();
  });

  it('shows what card authorizations hold and what is available', async () => {
    companyApi({ wallet: { balance: 1000, held: 300, available: 700, canAddFunds: true, canPayByInvoice: false } });
    renderApp(paths.dashboard, { session });
    expect(await screen.findByTestId('wallet-available')).toHaveTextContent('Available $700.00 · $300.00 held by card authorizations');
  });

  it('shows a negative invoice balance in red with Pay Invoice', async () => {
    companyApi({ wallet: { balance: -1830.5, canAddFunds: false, canPayByInvoice: true } });
    renderApp(paths.dashboard, { session });

    const balance = await screen.findByTestId('wallet-balance');
    expect(balance).toHaveTextContent('-$1,830.50');
    expect(balance).toHaveStyle({ color: 'rgb(240, 82, 79)' });
    expect(screen.getByRole('button', { name: 'Pay Invoice' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Funds' })).not.toBeInTheDocument();
    expect(await screen.findByTestId('wallet-contract')).toHaveTextContent('Invoice contract · credit limit $25,000.00');
    // This contract counts detour and stop costs in fuel plans.
    expect(screen.getByTestId('wallet-planner-costs')).toHaveTextContent('Fuel plans count $1.85/mi off route and $25.00 per stop');
  });

  it("opens the owner's fuel planner costs form from the wallet tile", async () => {
    companyApi({ wallet: { balance: -1830.5, canAddFunds: false, canPayByInvoice: true } });
    const { user } = renderApp(paths.dashboard, { session });

    await user.click(await screen.findByRole('button', { name: 'Fuel planner costs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fuel planner costs' });
    expect(await within(dialog).findByTestId('planner-cost-per-mile')).toHaveValue('1.85');
    expect(within(dialog).getByTestId('planner-cost-per-stop')).toHaveValue('25');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Fuel planner costs' })).not.toBeInTheDocument());
  });

  it('shows a new company its first steps: cards, drivers with the exact company name, and whom to ask while payments are off', async () => {
    companyApi({ brandNew: true, paymentsConfigured: false, wallet: { balance: 0, canAddFunds: true, canPayByInvoice: false } });
    renderApp(paths.dashboard, { session });
    const steps = await screen.findByRole('region', { name: 'First steps' });
    const items = within(steps).getAllByTestId('first-step');
    expect(items.map((item) => item.getAttribute('data-done'))).toEqual(['false', 'false', 'false']);
    // As the Fuel Cards page offers them: Order card.
    expect(items[0]).toHaveTextContent('Order them under Fuel Cards with Order card');
    expect(within(items[0]!).getByRole('link', { name: 'Fuel Cards' })).toHaveAttribute('href', paths.fuelCards);
    expect(within(items[1]!).getByTestId('first-steps-company')).toHaveTextContent(/^Demo Freight LLC$/);
    expect(items[1]).toHaveTextContent(`${window.location.origin}/signup`);
    expect(items[1]).toHaveTextContent('19-digit number of their own card');
    expect(items[2]).toHaveTextContent('Online payments are off on this server');
    expect(within(items[2]!).getByRole('link', { name: 'Contact us' })).toBeInTheDocument();
  });

  it('tells a new company with payments on to fund the wallet from the Wallet tile', async () => {
    companyApi({ brandNew: true, paymentsConfigured: true, wallet: { balance: 0, canAddFunds: true, canPayByInvoice: false } });
    renderApp(paths.dashboard, { session });
    const steps = await screen.findByRole('region', { name: 'First steps' });
    expect(steps).toHaveTextContent('add funds with a card or bank account from the Wallet tile');
    expect(steps).not.toHaveTextContent('Online payments are off');
  });

  it('shows no first steps once the company has purchases', async () => {
    companyApi();
    renderApp(paths.dashboard, { session });
    expect(await screen.findAllByTestId('recent-transaction')).toHaveLength(3);
    expect(screen.queryByRole('region', { name: 'First steps' })).not.toBeInTheDocument();
  });

  it('shows no wallet button when the wallet allows neither', async () => {
    companyApi({ wallet: { balance: 0, canAddFunds: false, canPayByInvoice: false } });
    renderApp(paths.dashboard, { session });

    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('$0.00');
    const tile = screen.getByTestId('wallet-tile');
    // The contract (with the owner's planner-costs button) loads too; then neither money button shows.
    await within(tile).findByTestId('wallet-contract');
    expect(within(tile).queryByRole('button', { name: /^(Add Funds|Pay Invoice)$/ })).not.toBeInTheDocument();
  });

  it('lists the first 3 cards masked and the 3 newest transactions from the first page', async () => {
    const seen = companyApi();
    renderApp(paths.dashboard, { session });

    const rows = await screen.findAllByTestId('dashboard-card');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('7071 •••• 1234');
    expect(screen.getByRole('link', { name: 'Manage Cards' })).toHaveAttribute('href', paths.fuelCards);

    const recent = await screen.findAllByTestId('recent-transaction');
    expect(recent).toHaveLength(3);
    expect(recent[0]).toHaveAttribute('href', '/transactions/1');
    expect(recent[1]).toHaveTextContent('Declined');
    expect(screen.getByRole('link', { name: 'View All' })).toHaveAttribute('href', paths.transactions);
    const query = seen.transactionQueries[0];
    expect(Object.fromEntries(query!)).toEqual({ page: '0', size: '3', sort: 'transactionDate,desc' });
  });
});

describe('company dashboard by role', () => {
  const driverWaiting = http.get(apiUrl('/wex/company/driver-requests'), () =>
    HttpResponse.json([
      { id: 7, firstName: 'Steven', lastName: 'King', email: 'pending@demo.test', phoneNumber: '+14075550163', cardNumber: '7071000000000000614', requestedAt: '2026-11-25T01:00:00Z' },
    ]),
  );

  it('shows a dispatcher no wallet and no wallet step, and still the driver requests', async () => {
    companyApi({ brandNew: true });
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => void asked.push(new URL(request.url).pathname));
    onTestFinished(() => server.events.removeAllListeners());
    server.use(
      http.get(apiUrl('/account/permissions'), async () => {
        // The permissions answer last: the tiles must not ask for the wallet meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 100));
        return HttpResponse.json(dispatcherPermissions);
      }),
      driverWaiting,
    );
    renderApp(paths.dashboard, { session });

    expect(await screen.findByRole('region', { name: 'Drivers waiting for approval' })).toBeVisible();
    expect(await screen.findByTestId('total-saved-tile')).toBeVisible();
    await waitFor(() => expect(screen.queryByTestId('wallet-tile')).not.toBeInTheDocument());
    const steps = await screen.findByRole('region', { name: 'First steps' });
    expect(within(steps).getAllByTestId('first-step')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^(Add Funds|Pay Invoice)$/ })).not.toBeInTheDocument();
    // The missing-job task is for those who code purchases, the IFTA return for those who read it
    // (the server refuses a dispatcher the summary): the tiles beside them show, they do not.
    expect(await screen.findByRole('heading', { name: 'Recent Transactions' })).toBeInTheDocument();
    // The tiles below the first screen come one a frame: let the rest have their turn.
    for (let i = 0; i < 3; i++) await act(() => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0))));
    expect(screen.queryByTestId('ifta-tile')).not.toBeInTheDocument();
    expect(screen.queryByTestId('missing-job-tile')).not.toBeInTheDocument();
    // Nothing the server refuses a dispatcher was asked for.
    expect(asked.filter((path) => /\/wex\/company\/(wallet|contract|ifta)/.test(path))).toEqual([]);
  });

  it('shows a bookkeeper the wallet with Pay Invoice but not the planner costs form nor driver approval', async () => {
    companyApi({ wallet: { balance: -1830.5, canAddFunds: false, canPayByInvoice: true } });
    server.use(
      http.get(apiUrl('/account/permissions'), () => HttpResponse.json(bookkeeperPermissions)),
      driverWaiting,
    );
    renderApp(paths.dashboard, { session });

    const tile = await screen.findByTestId('wallet-tile');
    expect(await within(tile).findByTestId('wallet-planner-costs')).toBeInTheDocument();
    await waitFor(() => expect(within(tile).queryByRole('button', { name: 'Fuel planner costs' })).not.toBeInTheDocument());
    expect(within(tile).getByRole('button', { name: 'Pay Invoice' })).toBeInTheDocument();
    expect(within(tile).getByTestId('low-balance-edit')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Drivers waiting for approval' })).not.toBeInTheDocument();
    expect(await screen.findByTestId('missing-job-tile')).toBeInTheDocument();
  });

  it('shows a bookkeeper limited to a group the wallet without Add Funds or the alert button, and says why', async () => {
    companyApi({ wallet: { balance: 12500.25, canAddFunds: true, canPayByInvoice: false } });
    server.use(http.get(apiUrl('/account/permissions'), () => HttpResponse.json(limitedToGroup(bookkeeperPermissions, 7))));
    renderApp(paths.dashboard, { session });

    const tile = await screen.findByTestId('wallet-tile');
    expect(await within(tile).findByTestId('wallet-group-limited')).toHaveTextContent(
      'As a member limited to a group, you cannot add funds to the wallet or change its low-balance alert: it covers the whole company.',
    );
    expect(within(tile).getByTestId('wallet-balance')).toHaveTextContent('$12,500.25');
    expect(within(tile).queryByRole('button', { name: /^(Add Funds|Pay Invoice)$/ })).not.toBeInTheDocument();
    expect(within(tile).queryByTestId('low-balance-edit')).not.toBeInTheDocument();
  });

  it('says nothing of a group to a bookkeeper of the whole company', async () => {
    companyApi({ wallet: { balance: 12500.25, canAddFunds: true, canPayByInvoice: false } });
    server.use(http.get(apiUrl('/account/permissions'), () => HttpResponse.json(bookkeeperPermissions)));
    renderApp(paths.dashboard, { session });

    const tile = await screen.findByTestId('wallet-tile');
    expect(await within(tile).findByRole('button', { name: 'Add Funds' })).toBeInTheDocument();
    expect(within(tile).queryByTestId('wallet-group-limited')).not.toBeInTheDocument();
  });
});

describe('missed savings', () => {
  it('shows the server’s missedSavings of the tile’s period, asks no compliance rows, and follows the period', async () => {
    const missedByDays: Record<number, number> = { 7: 26.7, 1: 3.05 };
    const lastDays: number[] = [];
    let complianceAsked = false;
    companyApi();
    server.use(
      http.get(apiUrl('/wex/company/total-spendings'), ({ request }) => {
        const days = Number(new URL(request.url).searchParams.get('lastDays'));
        lastDays.push(days);
        return HttpResponse.json([{ total: 5000, saved: 120.5, missedSavings: missedByDays[days] ?? 0 }]);
      }),
      http.get(apiUrl('/wex/company/compliance'), () => {
        complianceAsked = true;
        return HttpResponse.json([{ missedSavings: 99 }]);
      }),
    );
    const { user } = renderApp(paths.dashboard, { session });
    const missed = await screen.findByTestId('missed-savings-amount');
    expect(missed).toHaveTextContent('$26.70');
    expect(lastDays[0]).toBe(7);
    expect(within(screen.getByTestId('missed-savings')).getByRole('link', { name: 'Compliance' })).toHaveAttribute('href', paths.compliance);

    await user.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(screen.getByTestId('missed-savings-amount')).toHaveTextContent('$3.05'));
    expect(complianceAsked).toBe(false);
  });
});

describe('driver dashboard', () => {
  it('shows total spendings for the month with a spent/saved bar and rows linking to the detail', async () => {
    const lastDays: number[] = [];
    server.use(
      http.get(apiUrl('/account'), () => HttpResponse.json(driverAccount)),
      http.get(apiUrl('/wex/total-spendings'), ({ request }) => {
        lastDays.push(Number(new URL(request.url).searchParams.get('lastDays')));
        return HttpResponse.json([{ total: 900, saved: 100 }]);
      }),
      http.get(apiUrl('/wex/transactions'), () =>
        HttpResponse.json({ content: transactions, page: { number: 0, totalPages: 1 } }),
      ),
    );
    renderApp(paths.dashboard, { session });

    expect(await screen.findByTestId('total-spendings-amount')).toHaveTextContent('$900.00');
    expect(screen.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'true');
    expect(lastDays).toEqual([dayjs().date()]);
    expect(screen.getByTestId('bar-spent')).toHaveStyle({ width: '90%' });
    expect(screen.getByTestId('bar-saved')).toHaveStyle({ width: '10%' });
    expect(screen.queryByTestId('wallet-tile')).not.toBeInTheDocument();
    const recent = await screen.findAllByTestId('recent-transaction');
    expect(recent[2]).toHaveAttribute('href', '/transactions/3');
  });
});

describe('driver dashboard spacing', () => {
  it('takes no room for a section with nothing to show (no pump question, no active trip): the gaps between tiles stay even', async () => {
    server.use(
      http.get(apiUrl('/account'), () => HttpResponse.json(driverAccount)),
      http.get(apiUrl('/wex/total-spendings'), () => HttpResponse.json([{ total: 900, saved: 100 }])),
      http.get(apiUrl('/wex/transactions'), () => HttpResponse.json({ content: [], page: { number: 0, totalPages: 0 } })),
      // A driver without a card: that section has nothing to show either.
      http.get(apiUrl('/wex/card'), () => HttpResponse.json({ status: 404, message: 'No card' }, { status: 404 })),
    );
    const { container } = renderApp(paths.dashboard, { session });
    expect(await screen.findByTestId('total-spendings-amount')).toHaveTextContent('$900.00');
    await screen.findByTestId('recent-transactions-tile');
    const empty = Array.from(container.querySelectorAll('.MuiGrid-root:empty'));
    expect(empty.length).toBeGreaterThan(0);
    for (const item of empty) expect(getComputedStyle(item).display).toBe('none');
  });
});
