import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import type { IftaSummary } from '../api/dashboard-api';
import { IftaTile } from './IftaTile';

const summary: IftaSummary = {
  year: 2026,
  quarter: 4,
  fuelType: 'diesel',
  status: 'open',
  dueDate: '2027-01-31',
  daysLeft: 64,
  totalDue: 1234.56,
  totalMiles: 20000,
  totalGallons: 3100,
  warnings: 2,
  closedAt: null,
  overdue: [],
};

/** The tile inside a router (it links to the IFTA page). */
const renderTile = () =>
  renderWithProviders(
    <MemoryRouter>
      <IftaTile />
    </MemoryRouter>,
  );

const answer = (body: IftaSummary) => server.use(http.get(apiUrl('/wex/company/ifta/summary'), () => HttpResponse.json(body)));

describe('IFTA tile', () => {
  it("shows the quarter's tax due so far, its due date and warnings, and links to that quarter's return", async () => {
    answer(summary);
    renderTile();
    expect(await screen.findByTestId('ifta-tax-due')).toHaveTextContent('$1,234.56');
    const tile = screen.getByTestId('ifta-tile');
    expect(tile).toHaveTextContent('Diesel tax due so far, 2026 Q4');
    expect(screen.getByTestId('ifta-due-date')).toHaveTextContent('Due Jan 31, 2027 · in 64 days');
    expect(tile).toHaveTextContent('2 warnings to check');
    expect(within(tile).getByRole('link', { name: 'Open the return' })).toHaveAttribute('href', '/ifta?year=2026&quarter=4&fuelType=diesel');
  });

  it('warns in red when the return of the quarter just ended is due within a week, and shows a credit as such', async () => {
    answer({ ...summary, quarter: 3, status: 'closed', dueDate: '2026-10-31', daysLeft: 1, totalDue: -45.1, warnings: 0 });
    renderTile();
    expect(await screen.findByTestId('ifta-tax-due')).toHaveTextContent('$45.10');
    expect(screen.getByTestId('ifta-tile')).toHaveTextContent('Diesel tax credit, 2026 Q3');
    expect(screen.getByTestId('ifta-due-date')).toHaveTextContent('Due Oct 31, 2026 · in 1 day');
    expect(screen.getByTestId('ifta-tile')).not.toHaveTextContent('warning');
  });

  it('flags each overdue return in red with its days late, what to do and a link to it', async () => {
    answer({ ...summary, overdue: [{ year: 2026, quarter: 3, fuelType: 'diesel', dueDate: '2026-10-31', daysLate: 36 }] });
    renderTile();
    const overdue = await screen.findByTestId('ifta-overdue');
    expect(overdue).toHaveTextContent('2026 Q3 diesel return overdue · 36 days late');
    expect(overdue).toHaveTextContent('It was due Oct 31, 2026. File it with your base jurisdiction now, then close it in the portal');
    expect(within(overdue).getByRole('link', { name: 'Open 2026 Q3 diesel' })).toHaveAttribute('href', '/ifta?year=2026&quarter=3&fuelType=diesel');
    // The quarter to act on still shows below.
    expect(screen.getByTestId('ifta-tax-due')).toHaveTextContent('$1,234.56');
  });

  it('writes an overdue return in Spanish with Spanish dates', async () => {
    answer({ ...summary, overdue: [{ year: 2026, quarter: 3, fuelType: 'gasoline', dueDate: '2026-10-31', daysLate: 1 }] });
    setLanguage('es');
    try {
      renderTile();
      const overdue = await screen.findByTestId('ifta-overdue');
      // The quarter as the IFTA page names it in Spanish (trimestre: T3).
      expect(overdue).toHaveTextContent('Declaración 2026 T3 de gasolina vencida · 1 día de retraso');
      expect(overdue).toHaveTextContent('Vencía el 31 oct 2026.');
    } finally {
      setLanguage('en');
    }
  });

  it('says when nothing is recorded for the quarter yet', async () => {
    answer({ ...summary, totalDue: 0, totalMiles: 0, totalGallons: 0, warnings: 1 });
    renderTile();
    expect(await screen.findByTestId('ifta-empty')).toHaveTextContent('No miles or fuel recorded for 2026 Q4 yet.');
  });

  it('offers a retry when the summary fails to load', async () => {
    let calls = 0;
    server.use(
      http.get(apiUrl('/wex/company/ifta/summary'), () =>
        ++calls === 1 ? HttpResponse.json({ status: 500, message: 'x' }, { status: 500 }) : HttpResponse.json(summary),
      ),
    );
    const { user } = renderTile();
    const error = await screen.findByTestId('load-error');
    expect(error).toHaveTextContent('Could not load the IFTA return');
    await user.click(within(error).getByRole('button'));
    expect(await screen.findByTestId('ifta-tax-due')).toHaveTextContent('$1,234.56');
  });
});
