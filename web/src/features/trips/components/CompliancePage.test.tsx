import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveFile } from '@/lib/files';
import { paths } from '@/lib/paths';
import { renderApp } from '@/test/render';
import { apiUrl, driverAccount, server } from '@/test/server';
import { complianceRows } from '../test/fixtures';

vi.mock('@/lib/files', async (importOriginal) => ({ ...(await importOriginal<typeof import('@/lib/files')>()), saveFile: vi.fn() }));

const session = { token: 't1', refreshToken: 'r1' };

function serveCompliance(rows = complianceRows) {
  const requests: Record<string, string>[] = [];
  server.use(
    http.get(apiUrl('/wex/company/compliance'), ({ request }) => {
      requests.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json(rows);
    }),
  );
  return requests;
}

beforeEach(() => vi.mocked(saveFile).mockClear());

describe('compliance page', () => {
  it('lists drivers worst first over the last month with every figure', async () => {
    const requests = serveCompliance();
    renderApp(paths.compliance, { session });
    const table = await screen.findByRole('table', { name: 'Drivers, most missed savings first' });
    const rows = within(table).getAllByTestId('compliance-row');
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Dan Driver', '7071 •••• 0011', '3', '310.5', '230.5', '80.0', '$995.20', '$1,021.60', '$26.40'],
      ['Ana Ruiz', '7071 •••• 5678', '2', '200.0', '200.0', '0.0', '$640.00', '$640.00', '$0.00'],
    ]);
    expect(requests[0]).toEqual({ dateFrom: dayjs().subtract(1, 'month').format('YYYY-MM-DD'), dateTo: dayjs().format('YYYY-MM-DD') });
  });

  it('asks again for a new range and refuses an end before the start', async () => {
    const requests = serveCompliance();
    renderApp(paths.compliance, { session });
    await screen.findAllByTestId('compliance-row');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(requests.at(-1)).toEqual({ dateFrom: '2026-11-01', dateTo: dayjs().format('YYYY-MM-DD') }));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-01' } });
    expect(await screen.findByText('To cannot be before From')).toBeInTheDocument();
    expect(requests).toHaveLength(2);
  });

  it('says when no trip falls in the period', async () => {
    serveCompliance([]);
    renderApp(paths.compliance, { session });
    expect(await screen.findByText('No trips in this period.')).toBeInTheDocument();
  });

  it('exports the range as xlsx', async () => {
    serveCompliance();
    const seen: Record<string, string>[] = [];
    server.use(
      http.get(apiUrl('/wex/company/compliance/export'), ({ request }) => {
        seen.push(Object.fromEntries(new URL(request.url).searchParams));
        return new HttpResponse(new Uint8Array([0x50, 0x4b, 3, 4]), {
          headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Content-Disposition': 'attachment; filename="compliance.xlsx"' },
        });
      }),
    );
    const { user } = renderApp(paths.compliance, { session });
    await screen.findAllByTestId('compliance-row');
    await user.click(screen.getByRole('button', { name: 'Export compliance' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(vi.mocked(saveFile).mock.calls[0]![1]).toBe('compliance.xlsx');
    expect(seen[0]).toEqual({ dateFrom: dayjs().subtract(1, 'month').format('YYYY-MM-DD'), dateTo: dayjs().format('YYYY-MM-DD') });
  });

  it('is for company owners only: a driver goes to the dashboard', async () => {
    server.use(http.get(apiUrl('/account'), () => HttpResponse.json(driverAccount)));
    const requests = serveCompliance();
    const { router } = renderApp(paths.compliance, { session });
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.dashboard));
    expect(requests).toEqual([]);
  });
});
