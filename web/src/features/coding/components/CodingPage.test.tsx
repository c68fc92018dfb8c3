import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { setLanguage } from '@/lib/i18n';
import { apiUrl, bookkeeperPermissions, ownerAccount, server } from '@/test/server';

const session = { token: 't1', refreshToken: 'r1' };

function purchases(page: number, totalPages: number) {
  const content = Array.from({ length: 50 }, (_, i) => {
    const id = page * 50 + i + 1;
    return {
      transactionId: id,
      transactionDate: '2026-11-20T10:00:00',
      invoiceRef: `INV-${id}`,
      locationName: `Pilot #${id}`,
      driverCardName: 'Sam Carter',
      cardNumber: '7071000000000001234',
      fundedTotal: 1234.5,
      discAmount: 5,
      attemptedAmount: 105,
      status: 'APPROVED',
      productCode: 'DSL',
      declineCode: null,
      declineReason: null,
      coding: { account: '', class: '', job: '', memo: '' },
      jobRequired: false,
      missingJob: false,
    };
  });
  return { content, page: { number: page, size: 50, totalElements: totalPages * 50, totalPages } };
}

function serve(permissions: { groupId: number | null } = bookkeeperPermissions) {
  const queries: Record<string, string>[] = [];
  const bodies: unknown[] = [];
  server.use(
    http.get(apiUrl('/account/permissions'), () => HttpResponse.json({ ...bookkeeperPermissions, ...permissions })),
    http.get(apiUrl('/wex/company/transactions'), ({ request }) => {
      const params = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(params);
      return HttpResponse.json(purchases(Number(params.page ?? 0), 3));
    }),
    http.get(apiUrl('/wex/company/coding-rules'), () => HttpResponse.json({ content: [], cardsRequiringJob: [] })),
    http.get(apiUrl('/wex/company/vehicles'), () => HttpResponse.json({ value: [{ id: 7, unitNumber: 'TRK-12' }] })),
    http.get(apiUrl('/wex/company/groups'), () => HttpResponse.json({ content: [{ id: 3, name: 'East yard' }] })),
    http.post(apiUrl('/wex/company/transactions/coding'), async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ content: [] });
    }),
    http.post(apiUrl('/wex/company/coding-rules'), async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ id: 1 }, { status: 201 });
    }),
  );
  return { queries, bodies };
}

describe('CodingPage', () => {
  it("names a rule's driver to a bookkeeper, who reads no members, and says when the driver left", async () => {
    serve();
    server.use(
      http.get(apiUrl('/wex/company/coding-rules'), () =>
        HttpResponse.json({
          content: [
            { id: 1, position: 1, match: { driverUserId: 42 }, driverName: 'Dylan Driver', coding: { account: '6100 Fuel', class: '', job: '', memo: '' } },
            { id: 2, position: 2, match: { driverUserId: 43 }, coding: { account: '6200 Fuel', class: '', job: '', memo: '' } },
          ],
          cardsRequiringJob: [],
        }),
      ),
    );
    renderApp('/coding', { session });
    expect(await screen.findByText('1. Driver Dylan Driver')).toBeInTheDocument();
    expect(screen.getByText('2. Driver (no longer a member)')).toBeInTheDocument();
    expect(screen.queryByText(/^\d+\. Driver #/)).toBeNull();
  });

  it('pages and filters the purchases, selects all on a page and codes them', async () => {
    const { queries, bodies } = serve();
    renderApp('/coding', { session });
    const list = await screen.findByRole('list', { name: 'Code purchases' });
    // The purchase's day as the viewer reads it and its amount in dollars, not 2026-11-20 and
    // $1234.50; the card's last four joined to their ellipsis (a word joiner), never on a line apart.
    expect(await within(list).findByText(/INV-1 ·/)).toHaveTextContent('Nov 20, 2026 · INV-1 · …\u20601234 · Pilot #1 · $1,234.50');
    fireEvent.click(screen.getByLabelText('Select all on this page'));
    expect(screen.getByRole('button', { name: 'Apply to 50 purchases' })).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await within(list).findByText(/INV-51 ·/);
    expect(queries.at(-1)).toMatchObject({ page: '1', size: '50' });
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    fireEvent.click(within(list).getByLabelText(/INV-60 ·/));
    fireEvent.change(screen.getAllByLabelText('Account').at(0)!, { target: { value: '6100 Fuel' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply to 51 purchases' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect((bodies[0] as { ids: number[] }).ids).toHaveLength(51);

    fireEvent.click(screen.getByLabelText('Only purchases without an account'));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ page: '0', uncoded: 'true' }));
    fireEvent.change(screen.getAllByLabelText('From')[1], { target: { value: '2026-11-01' } });
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ dateFrom: '2026-11-01' }));
    const card = screen.getAllByLabelText('Card number')[0];
    fireEvent.change(card, { target: { value: '7071000000000001234' } });
    fireEvent.blur(card);
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ cardNumber: '7071000000000001234' }));
  });

  it('opens on the purchases missing a job when the dashboard links to them', async () => {
    const { queries } = serve();
    renderApp('/coding?missingJob=true', { session });
    expect(await screen.findByLabelText('Only purchases missing a job')).toBeChecked();
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ page: '0', missingJob: 'true' }));
  });

  it('adds a rule matching a vehicle and a group', async () => {
    const { bodies } = serve();
    renderApp('/coding', { session });
    const form = await screen.findByRole('form', { name: 'Add rule' });
    fireEvent.mouseDown(await within(form).findByRole('combobox', { name: 'Vehicle' }));
    fireEvent.click(await screen.findByRole('option', { name: 'TRK-12' }));
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Group' }));
    fireEvent.click(await screen.findByRole('option', { name: 'East yard' }));
    fireEvent.change(within(form).getByLabelText('Account'), { target: { value: 'Fuel:East' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ match: { vehicleId: 7, groupId: 3 }, coding: { account: 'Fuel:East' } });
  });

  it('offers no group to a member limited to one: the rules they add are their group\'s', async () => {
    const { bodies } = serve({ groupId: 3 });
    renderApp('/coding', { session });
    const form = await screen.findByRole('form', { name: 'Add rule' });
    await within(form).findByRole('combobox', { name: 'Vehicle' });
    expect(within(form).queryByRole('combobox', { name: 'Group' })).not.toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('Account'), { target: { value: 'Fuel:East' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ match: {}, coding: { account: 'Fuel:East', class: '', job: '', memo: '' } });
  });

  it('says in Spanish that an empty rule sets nothing and asks the server nothing', async () => {
    const { bodies } = serve();
    server.use(http.get(apiUrl('/account'), () => HttpResponse.json({ ...ownerAccount, language: 'es' })));
    setLanguage('es');
    try {
      renderApp('/coding', { session });
      const form = await screen.findByRole('form', { name: 'Agregar regla' });
      fireEvent.change(within(form).getByLabelText('Cuenta'), { target: { value: '   ' } });
      fireEvent.click(within(form).getByRole('button', { name: 'Agregar regla' }));
      // The server's refusal in the reader's language, under the first field, which takes the focus.
      const account = within(form).getByLabelText('Cuenta');
      expect(account).toHaveAccessibleDescription('Una regla debe fijar una cuenta, una clase, un trabajo o una nota');
      expect(account).toHaveAttribute('aria-invalid', 'true');
      expect(account).toHaveFocus();
      fireEvent.change(account, { target: { value: 'Combustible' } });
      expect(account).not.toHaveAccessibleDescription();
      // The rule that sets something is the only one sent.
      fireEvent.click(within(form).getByRole('button', { name: 'Agregar regla' }));
      await waitFor(() => expect(bodies).toHaveLength(1));
      expect(bodies).toEqual([{ match: {}, coding: { account: 'Combustible', class: '', job: '', memo: '' } }]);
    } finally {
      setLanguage('en');
    }
  });

  it('names the export formats shortly and explains the chosen one', async () => {
    serve();
    renderApp('/coding', { session });
    const format = await screen.findByRole('combobox', { name: 'Format' });
    expect(format).toHaveTextContent('QuickBooks bank file');
    expect(screen.getByText(/Upload from file/)).toBeInTheDocument();
  });
});
