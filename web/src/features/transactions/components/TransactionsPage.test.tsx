import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '@/lib/paths';
import { renderApp } from '@/test/render';
import { apiUrl, driverAccount, server } from '@/test/server';
import type { TransactionListItem, TransactionPage } from '../api/transactions-api';
import { saveFile } from '../model/save-file';
import { apiDateFrom } from '../model/transaction-filters';

vi.mock('../model/save-file', () => ({ saveFile: vi.fn() }));


const session = { token: 't1', refreshToken: 'r1' };
const PAGE_SIZE = 20;

function row(transactionId: number, hoursAgo: number, extra: Partial<TransactionListItem> = {}): TransactionListItem {
  return {
    transactionId,
    transactionDate: dayjs().subtract(hoursAgo, 'hour').format('YYYY-MM-DDTHH:mm:ss'),
    invoiceRef: `INV-${String(transactionId).padStart(6, '0')}`,
    locationName: `Pilot Travel Center #${transactionId}`,
    driverCardName: 'Sam Carter',
    cardNumber: '7071000000000001234',
    fundedTotal: 512.4,
    discAmount: 38.2,
    attemptedAmount: 550.6,
    status: 'APPROVED',
    productCode: 'DSL',
    declineCode: null,
    declineReason: null,
    ...extra,
  };
}

/** Page `number` of `totalPages`, rows going back in time by the hour. */
function page(number: number, totalPages: number, count = PAGE_SIZE): TransactionPage {
  const rows = Array.from({ length: count }, (_, index) => row(number * PAGE_SIZE + index + 1, number * PAGE_SIZE + index));
  return { content: rows, page: { number, size: PAGE_SIZE, totalElements: totalPages * PAGE_SIZE, totalPages } };
}

type Params = Record<string, string>;

/** Serves `respond(params)` on the company (or driver) list and records every query. */
function serveList(respond: (params: Params) => TransactionPage | Promise<TransactionPage>, path = '/wex/company/transactions') {
  const requests: Params[] = [];
  server.use(
    http.get(apiUrl(path), async ({ request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams);
      requests.push(params);
      return HttpResponse.json(await respond(params));
    }),
    http.get(apiUrl('/wex/company/get-cards'), () =>
      HttpResponse.json({
        value: [
          { cardNumber: '7071000000000001234', status: 'ACTIVE', driverName: 'Sam Carter', driverId: 'D-1001', unitNumber: 'TRK-12' },
          { cardNumber: '7071000000000005678', status: 'ACTIVE', driverName: 'Ana Ruiz', driverId: 'D-1002', unitNumber: 'TRK-14' },
        ],
      }),
    ),
  );
  return requests;
}

function scrollList(toFraction: number) {
  const scroller = screen.getByTestId('transactions-scroller');
  Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 1000 });
  Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: 100 });
  scroller.scrollTop = toFraction * 1000 - 100;
  fireEvent.scroll(scroller);
}

beforeEach(() => {
  vi.mocked(saveFile).mockClear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('transactions list', () => {
  it('asks for page 0 of 20 newest first in the default month and shows 3 skeleton rows meanwhile', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const requests = serveList(async () => {
      await gate;
      return page(0, 1, 2);
    });
    renderApp(paths.transactions, { session });

    expect(await screen.findAllByTestId('transaction-skeleton')).toHaveLength(3);
    release();
    expect(await screen.findAllByTestId('transaction-row')).toHaveLength(2);
    expect(screen.queryByTestId('transaction-skeleton')).not.toBeInTheDocument();
    expect(requests[0]).toEqual({
      page: '0',
      size: '20',
      sort: 'transactionDate,desc',
      dateFrom: dayjs().subtract(1, 'month').format('YYYY-MM-DD[T00:00:00.000]Z'),
      dateTo: dayjs().format('YYYY-MM-DD[T23:59:59.999]Z'),
    });
  });

  it('shows each row with invoice, location, driver, ID, total and saving under day headings, declined ones marked', async () => {
    serveList(() => ({
      content: [
        row(1, 0),
        row(2, 24, { status: 'DECLINED', declineCode: 'CARD_INACTIVE', declineReason: 'Card is inactive', discAmount: 0, fundedTotal: 0, attemptedAmount: 192.95 }),
        row(3, 24 * 3, { fundedTotal: 1234.5, discAmount: 99.1 }),
      ],
      page: { number: 0, size: PAGE_SIZE, totalElements: 3, totalPages: 1 },
    }));
    renderApp(paths.transactions, { session });

    const groups = await screen.findAllByTestId('day-group');
    expect(groups.map((group) => within(group).getAllByRole('listitem')[0].textContent)).toEqual([
      'Today',
      'Yesterday',
      // An older day in numbers as the language writes them (English: month first).
      dayjs().subtract(3, 'day').format('MM/DD/YYYY'),
    ]);
    const [first, declined, older] = screen.getAllByTestId('transaction-row');
    expect(first).toHaveTextContent('INV-000001');
    expect(first).toHaveTextContent('Pilot Travel Center #1');
    expect(first).toHaveTextContent('Sam Carter');
    expect(first).toHaveTextContent('ID: INV-000001');
    expect(first).toHaveTextContent('$512.40');
    expect(first).toHaveTextContent('$38.20 saved');
    expect(first).toHaveAttribute('href', '/transactions/1');
    expect(within(declined!).getByTestId('declined-chip')).toHaveTextContent('Declined');
    expect(within(declined!).getByTestId('decline-reason')).toHaveTextContent('Card is inactive');
    // Nothing was paid: the row shows what was attempted, not $0.00.
    expect(declined).toHaveTextContent('$192.95');
    expect(declined).not.toHaveTextContent('$0.00');
    expect(older).toHaveTextContent('$1,234.50');
    expect(older).toHaveTextContent('$99.10 saved');
    expect(screen.getByText('No more transactions to load')).toBeInTheDocument();
  });

  it('appends the next page past 80% of the scroll, and stops at the last page', async () => {
    const requests = serveList((params) => page(Number(params.page), 2));
    renderApp(paths.transactions, { session });
    expect(await screen.findAllByTestId('transaction-row')).toHaveLength(20);
    expect(screen.queryByText('No more transactions to load')).not.toBeInTheDocument();

    scrollList(0.7);
    expect(requests).toHaveLength(1);
    scrollList(0.85);
    await waitFor(() => expect(screen.getAllByTestId('transaction-row')).toHaveLength(40));
    expect(requests.map((params) => params.page)).toEqual(['0', '1']);
    expect(screen.getByText('No more transactions to load')).toBeInTheDocument();

    scrollList(1);
    expect(requests).toHaveLength(2);
  });

  it('debounces the search, then restarts at page 0 with an empty list', async () => {
    let hold: Promise<void> | null = null;
    const requests = serveList(async (params) => {
      if (hold && params.searchText) await hold;
      return params.searchText ? page(0, 1, 1) : page(Number(params.page), 3);
    });
    const { user } = renderApp(paths.transactions, { session });
    expect(await screen.findAllByTestId('transaction-row')).toHaveLength(20);
    scrollList(0.9);
    await waitFor(() => expect(screen.getAllByTestId('transaction-row')).toHaveLength(40));

    let release: () => void = () => {};
    hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    await user.type(screen.getByRole('searchbox', { name: 'Search transactions...' }), 'pilot');
    expect(await screen.findAllByTestId('transaction-skeleton')).toHaveLength(3);
    expect(screen.queryByTestId('transaction-row')).not.toBeInTheDocument();
    release();
    expect(await screen.findAllByTestId('transaction-row')).toHaveLength(1);

    const searches = requests.map((params) => params.searchText).filter(Boolean);
    expect(searches).toEqual(['pilot']);
    expect(requests.at(-1)).toMatchObject({ page: '0', searchText: 'pilot' });
  });

  it('shows Clear Filters while a filter is set; it clears search, dates and card and hides itself', async () => {
    const requests = serveList(() => page(0, 1, 3));
    const { user } = renderApp(paths.transactions, { session });
    await screen.findAllByTestId('transaction-row');

    await user.click(screen.getByRole('combobox', { name: 'Card' }));
    await user.click(await screen.findByRole('option', { name: /Ana Ruiz/ }));
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ cardNumber: '7071000000000005678', page: '0' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search transactions...' }), 'inv');
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ searchText: 'inv' }));

    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(requests.at(-1)).toEqual({ page: '0', size: '20', sort: 'transactionDate,desc' }));
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).not.toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search transactions...' })).toHaveValue('');
    expect(screen.getByLabelText('From Date')).toHaveValue('');
    expect(screen.getByLabelText('To Date')).toHaveValue('');
  });

  it('refuses a To Date before the From Date', async () => {
    const requests = serveList(() => page(0, 1, 3));
    renderApp(paths.transactions, { session });
    await screen.findAllByTestId('transaction-row');
    const before = dayjs().subtract(2, 'month').format('YYYY-MM-DD');

    fireEvent.change(screen.getByLabelText('To Date'), { target: { value: before } });
    expect(await screen.findByText('To Date cannot be before From Date')).toBeInTheDocument();
    expect(screen.getByLabelText('To Date')).toHaveValue(dayjs().format('YYYY-MM-DD'));
    expect(requests).toHaveLength(1);
  });

  it('says when nothing is found', async () => {
    serveList(() => ({ content: [], page: { number: 0, size: PAGE_SIZE, totalElements: 0, totalPages: 0 } }));
    renderApp(paths.transactions, { session });
    expect(await screen.findByText('No transactions found')).toBeInTheDocument();
    expect(screen.queryByText('No more transactions to load')).not.toBeInTheDocument();
  });

  it('keeps the search, filters and scroll position in the URL across a visit to a purchase and back', async () => {
    const requests = serveList((params) => page(Number(params.page), 3));
    server.use(http.get(apiUrl('/wex/company/transactions/:id'), () => HttpResponse.json({ ...row(5, 4), driverId: 'D-1', locationAddress: 'Ocala, FL', fuelQuantity: 100, retailPrice: 3.859, netPrice: 3.679 })));
    const { user, router } = renderApp(paths.transactions, { session });
    await screen.findAllByTestId('transaction-row');
    await user.click(screen.getByRole('combobox', { name: 'Card' }));
    await user.click(await screen.findByRole('option', { name: /Ana Ruiz/ }));
    await user.type(screen.getByRole('searchbox', { name: 'Search transactions...' }), 'pilot');
    fireEvent.change(screen.getByLabelText('From Date'), { target: { value: '2026-01-02' } });
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ searchText: 'pilot', cardNumber: '7071000000000005678', dateFrom: apiDateFrom('2026-01-02') }));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ search: 'pilot', card: '7071000000000005678', from: '2026-01-02' });
    // Polled outside act(): the filtered list renders in a transition (useDeferredValue).
    await expect.poll(() => screen.queryAllByTestId('transaction-row').length).toBe(20);
    scrollList(0.5); // not far enough to load the next page
    const scrolledTo = screen.getByTestId('transactions-scroller').scrollTop;

    await user.click(screen.getAllByTestId('transaction-row')[4]!);
    expect(await screen.findByTestId('transaction-detail')).toBeInTheDocument();
    await router.navigate(-1);

    expect(await screen.findByRole('searchbox', { name: 'Search transactions...' })).toHaveValue('pilot');
    expect(screen.getByLabelText('From Date')).toHaveValue('2026-01-02');
    await expect.poll(() => screen.queryAllByTestId('transaction-row').length).toBe(20);
    expect(scrolledTo).toBe(400);
    await expect.poll(() => screen.getByTestId('transactions-scroller').scrollTop).toBe(scrolledTo);
    expect(requests.at(-1)).toMatchObject({ searchText: 'pilot', cardNumber: '7071000000000005678', dateFrom: apiDateFrom('2026-01-02') });
  });

  it('lists a driver’s own transactions from the driver endpoint, without a card filter', async () => {
    server.use(http.get(apiUrl('/account'), () => HttpResponse.json(driverAccount)));
    const requests = serveList(() => page(0, 1, 2), '/wex/transactions');
    renderApp(paths.transactions, { session });
    expect(await screen.findAllByTestId('transaction-row')).toHaveLength(2);
    expect(requests).toHaveLength(1);
    expect(screen.queryByRole('combobox', { name: 'Card' })).not.toBeInTheDocument();
  });

  it('lists only the driver’s purchases missing a job, every date, when the dashboard’s task links here', async () => {
    server.use(http.get(apiUrl('/account'), () => HttpResponse.json(driverAccount)));
    const requests = serveList(() => page(0, 1, 2), '/wex/transactions');
    renderApp(`${paths.transactions}?missingJob=true&from=&to=`, { session });
    expect(await screen.findAllByTestId('transaction-row')).toHaveLength(2);
    expect(screen.getByTestId('missing-job-filter')).toHaveTextContent('Only purchases missing a job');
    expect(requests[0]).toMatchObject({ missingJob: 'true' });
    expect(requests[0]).not.toHaveProperty('dateFrom');
  });
});

describe('export', () => {
  it('asks for a date range when a date is missing, without calling the server', async () => {
    serveList(() => page(0, 1, 1));
    const exports = vi.fn();
    server.use(http.get(apiUrl('/wex/company/transactions/export'), exports));
    const { user } = renderApp(paths.transactions, { session });
    await screen.findAllByTestId('transaction-row');

    fireEvent.change(screen.getByLabelText('From Date'), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Export transactions' }));
    expect(await screen.findByText('Please select a date range')).toBeInTheDocument();
    expect(exports).not.toHaveBeenCalled();
  });

  it('downloads the xlsx for the dates and search as transactions-{date}.xlsx', async () => {
    serveList(() => page(0, 1, 1));
    const seen: Params[] = [];
    server.use(
      http.get(apiUrl('/wex/company/transactions/export'), ({ request }) => {
        seen.push(Object.fromEntries(new URL(request.url).searchParams));
        return new HttpResponse(new Uint8Array([0x50, 0x4b, 3, 4]), {
          headers: {
            'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
            'Content-Disposition': 'attachment; filename="transactions-2026-11-22.xlsx"',
          },
        });
      }),
    );
    const { user } = renderApp(paths.transactions, { session });
    await screen.findAllByTestId('transaction-row');

    await user.click(screen.getByRole('button', { name: 'Export transactions' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    const [blob, fileName] = vi.mocked(saveFile).mock.calls[0]!;
    expect(fileName).toBe('transactions-2026-11-22.xlsx');
    expect(blob.size).toBe(4);
    expect(seen[0]).toEqual({
      dateFrom: dayjs().subtract(1, 'month').format('YYYY-MM-DD[T00:00:00.000]Z'),
      dateTo: dayjs().format('YYYY-MM-DD[T23:59:59.999]Z'),
      sort: 'transactionDate,desc',
    });
  });

  it('sends every filter the list uses, the card included', async () => {
    const requests = serveList(() => page(0, 1, 1));
    const seen: Params[] = [];
    server.use(
      http.get(apiUrl('/wex/company/transactions/export'), ({ request }) => {
        seen.push(Object.fromEntries(new URL(request.url).searchParams));
        return new HttpResponse(new Uint8Array([0x50, 0x4b, 3, 4]), {
          headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
        });
      }),
    );
    const { user } = renderApp(paths.transactions, { session });
    await screen.findAllByTestId('transaction-row');
    await user.click(screen.getByRole('combobox', { name: 'Card' }));
    await user.click(await screen.findByRole('option', { name: /Ana Ruiz/ }));
    await user.type(screen.getByRole('searchbox', { name: 'Search transactions...' }), 'pilot');
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ cardNumber: '7071000000000005678', searchText: 'pilot' }));

    await user.click(screen.getByRole('button', { name: 'Export transactions' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    const { page: _page, size: _size, ...listFilters } = requests.at(-1)!;
    expect(seen[0]).toEqual(listFilters);
  });

  it('reports a network failure through the notifier and the console', async () => {
    serveList(() => page(0, 1, 1));
    server.use(http.get(apiUrl('/wex/company/transactions/export'), () => HttpResponse.error()));
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderApp(paths.transactions, { session });
    await screen.findAllByTestId('transaction-row');

    await user.click(screen.getByRole('button', { name: 'Export transactions' }));
    expect(await screen.findByText('Network error')).toBeInTheDocument();
    expect(consoleError).toHaveBeenCalledWith('Transactions export failed', expect.anything());
    expect(saveFile).not.toHaveBeenCalled();
  });
});
