import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { renderApp } from '@/test/render';
import { apiUrl, bookkeeperPermissions, ownerAccount, server } from '@/test/server';
import type { IftaReturn } from '../api/ifta-types';

const session = { token: 't1', refreshToken: 'r1' };

/** 2026 Q3 diesel on Dec 6, 2026: due Oct 31, a draft, Oregon without a rate. */
const q3: IftaReturn = {
  year: 2026,
  quarter: 3,
  fuelType: 'diesel',
  status: 'closed',
  totalMiles: 2001,
  totalTaxableMiles: 2001,
  totalGallons: 331,
  mpg: 6.05,
  rows: [
    { jurisdiction: 'OR', totalMiles: 477, taxableMiles: 477, taxableGallons: 79, taxPaidGallons: 60, netTaxableGallons: 19, rate: null, surcharge: null, tax: 0, surchargeTax: 0, total: 0 },
  ],
  totalDue: 12.5,
  warnings: [{ code: 'missing_rate', jurisdictions: ['OR'], message: 'No diesel rate for 2026Q3 in OR: their miles and gallons are listed with no tax.' }],
  dueDate: '2026-10-31',
  closedAt: null,
  afterClose: [],
  sources: { cardPurchases: 4, fuelEntries: 0, milesEntries: 2, completedTrips: 0, telematicsVehicleDays: 0, supersededByTelematics: 0, supersededByTrips: 0 },
};

/** The API's answers: the return of each asked quarter (q3 for 2026 Q3, an open Q4 else); uploads go to `upload`. */
function answer(upload: (csv: string) => Response | Promise<Response>) {
  const asked: string[] = [];
  let current = q3;
  server.use(
    http.get(apiUrl('/wex/company/ifta/returns'), ({ request }) => {
      const search = new URL(request.url).searchParams;
      asked.push(search.toString());
      if (search.get('quarter') === '3') return HttpResponse.json({ ...current, fuelType: search.get('fuelType') });
      return HttpResponse.json({ ...q3, quarter: 4, status: 'open', dueDate: '2027-01-31', warnings: [] });
    }),
    http.get(apiUrl('/wex/company/ifta/miles'), () => HttpResponse.json([])),
    http.get(apiUrl('/wex/company/ifta/purchases'), () => HttpResponse.json([])),
    http.get(apiUrl('/wex/company/telematics'), () => HttpResponse.json({ forwardPath: '/api/telematics/traccar', forwardUrl: '', tokenCreatedAt: null })),
    http.post(apiUrl('/wex/company/ifta/rates'), async ({ request }) => {
      const result = await upload(await request.text());
      if (result.ok) {
        current = { ...q3, rows: [{ ...q3.rows[0], rate: 0, surcharge: 0 }], warnings: [{ code: 'zero_rate', jurisdictions: ['OR'], message: 'The diesel rate for 2026Q3 in OR is 0.' }] };
      }
      return result;
    }),
    http.post(apiUrl('/wex/company/ifta/returns/2026/3/close'), () => {
      current = { ...current, closedAt: '2026-12-06T15:00:00Z' };
      return HttpResponse.json(current);
    }),
  );
  return asked;
}

const csvFile = (text: string) => new File([text], 'rates-2026q3.csv', { type: 'text/csv' });

describe('IFTA return page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-06T15:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('flags an overdue draft in red with the days late and what to do, and says why it cannot close', async () => {
    answer(() => HttpResponse.json({ stored: 1, quarters: 1 }));
    renderApp(`${paths.ifta}?year=2026&quarter=3&fuelType=diesel`, { session });
    const overdue = await screen.findByTestId('ifta-overdue');
    expect(overdue).toHaveTextContent('The 2026 Q3 Diesel return is overdue: it was due Oct 31, 2026, 36 days ago.');
    expect(overdue).toHaveTextContent('File it with your base jurisdiction now, then close it here.');
    expect(screen.getByTestId('ifta-due')).toHaveTextContent('Overdue · was due Oct 31, 2026');
    const close = screen.getByTestId('ifta-close');
    expect(close).toBeDisabled();
    expect(close).toHaveAccessibleDescription("No rate for OR this quarter: upload the quarter's rates to close the return.");
  });

  it('speaks Spanish, its warnings with their jurisdictions and quarter too, and the entries\' days', async () => {
    answer(() => HttpResponse.json({ stored: 1, quarters: 1 }));
    server.use(
      http.get(apiUrl('/account'), () => HttpResponse.json({ ...ownerAccount, language: 'es' })),
      http.get(apiUrl('/wex/company/ifta/miles'), () =>
        HttpResponse.json([{ id: 5, unitNumber: 'TRK-12', date: '2026-08-03', jurisdiction: 'OR', miles: 1234.5, note: '', createdAt: '2026-08-04T10:00:00Z' }]),
      ),
      http.get(apiUrl('/wex/company/ifta/purchases'), () =>
        HttpResponse.json([
          { id: 6, unitNumber: 'TRK-12', date: '2026-09-14', jurisdiction: 'WA', gallons: 80, fuelType: 'diesel', taxPaid: true, vendor: '', createdAt: '2026-09-15T10:00:00Z' },
        ]),
      ),
    );
    setLanguage('es');
    try {
      renderApp(`${paths.ifta}?year=2026&quarter=3&fuelType=diesel`, { session });
      expect(await screen.findByTestId('ifta-overdue')).toHaveTextContent('La declaración de Diésel del 2026 T3 está vencida: vencía el 31 oct 2026, hace 36 días.');
      // The warnings come after the first paint, below the totals.
      expect(await screen.findByTestId('ifta-warnings')).toHaveTextContent('No hay tasa de diésel para 2026 T3 en OR: sus millas y galones se listan sin impuesto.');
      expect(screen.getByTestId('ifta-close')).toHaveAccessibleDescription('No hay tasa para OR en este trimestre: suba las tasas del trimestre para cerrar la declaración.');
      // An entry's day as the language writes it, not 2026-08-03.
      expect(await screen.findByText(/^3 ago 2026 · TRK-12 · OR · 1,234.5 mi/)).toBeInTheDocument();
      expect(screen.getByText(/^14 sept? 2026 · TRK-12 · WA · 80 gal/)).toBeInTheDocument();
    } finally {
      setLanguage('en');
    }
  });

  it('shows the telematics section to the owner only: a bookkeeper, whom its API refuses, gets no error box', async () => {
    answer(() => HttpResponse.json({ stored: 1, quarters: 1 }));
    let ownerAnswered = 0;
    server.use(
      http.get(apiUrl('/wex/company/telematics'), () => {
        ownerAnswered++;
        return HttpResponse.json({ forwardPath: '/api/telematics/traccar', forwardUrl: '', tokenCreatedAt: null });
      }),
    );
    const { unmount } = renderApp(`${paths.ifta}?year=2026&quarter=3&fuelType=diesel`, { session });
    expect(await screen.findByRole('region', { name: 'Telematics' })).toBeInTheDocument();
    // The owner's call is answered before the bookkeeper's handlers take over (else it would count as theirs).
    await waitFor(() => expect(ownerAnswered).toBe(1));
    await waitFor(() => expect(screen.queryByText(/Could not load the telematics settings/)).not.toBeInTheDocument());
    unmount();

    let asked = 0;
    server.use(
      http.get(apiUrl('/account/permissions'), () => HttpResponse.json(bookkeeperPermissions)),
      http.get(apiUrl('/wex/company/telematics'), () => {
        asked++;
        return HttpResponse.json({ status: 403, message: 'Forbidden' }, { status: 403 });
      }),
    );
    renderApp(`${paths.ifta}?year=2026&quarter=3&fuelType=diesel`, { session });
    await screen.findByTestId('ifta-due');
    // What the owner's page draws after its first paint (one part a frame, a lazy module) has had its turn.
    for (let i = 0; i < 3; i++) {
      await act(() => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0))));
      await act(() => vi.dynamicImportSettled());
    }
    expect(screen.queryByRole('region', { name: 'Telematics' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Could not load the telematics settings/)).not.toBeInTheDocument();
    expect(asked).toBe(0);
  });

  it('says a return of a running quarter closes once the quarter is over', async () => {
    answer(() => HttpResponse.json({ stored: 1, quarters: 1 }));
    renderApp(`${paths.ifta}?year=2026&quarter=4`, { session });
    expect(await screen.findByTestId('ifta-close-blocked')).toHaveTextContent('The quarter runs until Dec 31, 2026: a return closes once its quarter is over.');
    expect(screen.queryByTestId('ifta-overdue')).not.toBeInTheDocument();
  });

  it("words a refused rate file's bad lines from their codes in the viewer's language", async () => {
    answer(() =>
      HttpResponse.json(
        {
          status: 400,
          message: {
            'line 2': ['jurisdiction "XX" is not an IFTA member\'s two-letter code'],
            'line 4': ['rate: "abc" is not an amount in dollars such as 0.2850'],
            'line 5': ['a second rate for TX diesel in 2026Q3'],
            'line 6': ['a message this app has no code for'],
          },
          codes: {
            'line 2': [{ code: 'jurisdiction_not_member', params: { line: 2, column: 'jurisdiction', value: 'XX' } }],
            'line 4': [{ code: 'amount_malformed', params: { line: 4, column: 'rate', value: 'abc' } }],
            'line 5': [{ code: 'duplicate_rate', params: { line: 5, jurisdiction: 'TX', fuelType: 'diesel', year: 2026, quarter: 3 } }],
            'line 6': [{ code: 'a_newer_code', params: { line: 6 } }],
          },
        },
        { status: 400 },
      ),
    );
    // The account's language is the viewer's.
    server.use(http.get(apiUrl('/account'), () => HttpResponse.json({ ...ownerAccount, language: 'es' })));
    setLanguage('es');
    try {
      const { user } = renderApp(`${paths.ifta}?year=2026&quarter=3&fuelType=diesel`, { session });
      // The Spanish texts may arrive after the first paint.
      await user.click((await screen.findAllByRole('button', { name: 'Subir tasas' }))[0]);
      const dialog = await screen.findByRole('dialog', { name: 'Subir las tasas del 2026 T3' });
      await user.upload(within(dialog).getByTestId('ifta-rates-file'), csvFile('year,quarter,jurisdiction,fuelType,rate,surcharge\n2026,3,XX,diesel,0.2,\n'));
      await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Subir' })).toBeEnabled());
      await user.click(within(dialog).getByRole('button', { name: 'Subir' }));
      const problems = await within(dialog).findByTestId('ifta-rates-problems');
      expect(problems).toHaveTextContent('4 problemas: no se guardó nada');
      expect(within(problems).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        'Línea 2: La jurisdicción «XX» no es el código de dos letras de un miembro de IFTA',
        'Línea 4: Tasa: «abc» no es un importe en dólares como 0.2850',
        'Línea 5: Una segunda tasa para TX (Diésel) en 2026 T3',
        // A code the app does not know: the server's message as it came.
        'Línea 6: A message this app has no code for',
      ]);
    } finally {
      setLanguage('en');
    }
  });

  it('lists every bad line of a refused rate file, then stores a good one and closes the return', async () => {
    let calls = 0;
    answer(() =>
      ++calls === 1
        ? HttpResponse.json({ status: 400, message: { 'line 4': ['rate: "abc" is not an amount in dollars such as 0.2850'], 'line 2': ['jurisdiction "XX" is not an IFTA member\'s two-letter code'] } }, { status: 400 })
        : HttpResponse.json({ stored: 1, quarters: 1 }),
    );
    const { user } = renderApp(`${paths.ifta}?year=2026&quarter=3&fuelType=diesel`, { session });
    // The one beside the disabled close button, and the page's own.
    await screen.findByTestId('ifta-close-blocked');
    expect(screen.getAllByRole('button', { name: 'Upload rates' })).toHaveLength(2);
    await user.click(screen.getAllByRole('button', { name: 'Upload rates' })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Upload the 2026 Q3 rates' });
    expect(within(dialog).getByTestId('ifta-rates-missing')).toHaveTextContent('This return has no rate for OR.');
    await user.upload(within(dialog).getByTestId('ifta-rates-file'), csvFile('year,quarter,jurisdiction,fuelType,rate,surcharge\n2026,3,XX,diesel,0.2,\n'));
    // The file is read before Upload is enabled.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const problems = await within(dialog).findByTestId('ifta-rates-problems');
    expect(problems).toHaveTextContent('2 problems: nothing was stored');
    expect(within(problems).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Line 2: Jurisdiction "XX" is not an IFTA member\'s two-letter code',
      'Line 4: Rate: "abc" is not an amount in dollars such as 0.2850',
    ]);

    await user.upload(within(dialog).getByTestId('ifta-rates-file'), csvFile('year,quarter,jurisdiction,fuelType,rate,surcharge\n2026,3,OR,diesel,0,\n'));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await within(dialog).findByTestId('ifta-rates-result')).toHaveTextContent('1 rate stored: your return of its quarter uses it now.');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(screen.getByTestId('ifta-close')).toBeEnabled());
    expect(screen.queryByTestId('ifta-close-blocked')).not.toBeInTheDocument();
    expect(screen.getByTestId('ifta-warnings')).toHaveTextContent('The diesel rate for 2026Q3 in OR is 0.');
    await user.click(screen.getByTestId('ifta-close'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close return' }));
    expect(await screen.findByTestId('ifta-status')).toHaveTextContent('Closed Dec 6, 2026');
    expect(screen.queryByTestId('ifta-overdue')).not.toBeInTheDocument();
  });

  it('keeps the quarter and fuel shown in the address', async () => {
    const asked = answer(() => HttpResponse.json({ stored: 1, quarters: 1 }));
    const { user, router } = renderApp(`${paths.ifta}?year=2026&quarter=3&fuelType=diesel`, { session });
    await screen.findByTestId('ifta-overdue');
    await user.click(screen.getByRole('combobox', { name: 'Fuel' }));
    await user.click(await screen.findByRole('option', { name: 'Gasoline' }));
    await waitFor(() => expect(router.state.location.search).toBe('?year=2026&quarter=3&fuelType=gasoline'));
    await waitFor(() => expect(asked).toContain('year=2026&quarter=3&fuelType=gasoline'));
  });
});
