import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { renderApp } from '@/test/render';
import { apiUrl, dispatcherPermissions, server } from '@/test/server';

const session = { token: 't1', refreshToken: 'r1' };
const settings = { enabled: false, radiusMiles: 1, freshnessMinutes: 10, staleChoice: 'challenge' };

/** The pump check's server: the company's setting, two groups, and who asked for what. */
function serve(permissions: { role: 'dispatcher'; groupId: number | null; actions: string[] }) {
  const asked: string[] = [];
  server.use(
    http.get(apiUrl('/account/permissions'), () => HttpResponse.json(permissions)),
    http.get(apiUrl('/wex/company/get-cards'), () => HttpResponse.json({ value: [] })),
    http.get(apiUrl('/wex/company/groups'), () =>
      HttpResponse.json({ content: [{ id: 7, name: 'North terminal' }, { id: 8, name: 'South terminal' }] }),
    ),
    http.get(apiUrl('/wex/company/pump-check'), () => {
      asked.push('company');
      return HttpResponse.json(settings);
    }),
    http.get(apiUrl('/wex/company/groups/:id/pump-check'), ({ params }) => {
      asked.push(`group ${String(params.id)}`);
      return HttpResponse.json({ ...settings, inherited: true });
    }),
    http.put(apiUrl('/wex/company/groups/:id/pump-check'), async ({ params, request }) => {
      asked.push(`save group ${String(params.id)}`);
      return HttpResponse.json({ ...((await request.json()) as object), inherited: false });
    }),
  );
  return asked;
}

const section = () => screen.findByRole('region', { name: 'Pump check: is the truck at the pump?' });

describe('pump check settings', () => {
  it('offers the company and every group to a dispatcher of the whole company', async () => {
    serve(dispatcherPermissions);
    const { user } = renderApp(paths.fuelCards, { session });
    const card = await section();
    await user.click(await within(card).findByRole('combobox', { name: 'Applies to' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['The whole company', 'Group North terminal', 'Group South terminal']);
    expect(within(card).queryByTestId('pump-check-company-refused')).not.toBeInTheDocument();
  });

  it("sets only the group's own for a dispatcher limited to it, and says why the company's is not offered", async () => {
    const limited = {
      ...dispatcherPermissions,
      groupId: 7,
      actions: dispatcherPermissions.actions.filter((action) => action !== 'pump-check.company'),
    };
    const asked = serve(limited);
    const { user } = renderApp(paths.fuelCards, { session });
    const card = await section();
    expect(await within(card).findByTestId('pump-check-company-refused')).toHaveTextContent(
      'As a member limited to a group, you cannot change the company-wide pump check: it covers the whole company.',
    );
    expect(await within(card).findByText('Group North terminal')).toBeInTheDocument();
    expect(within(card).queryByRole('combobox', { name: 'Applies to' })).not.toBeInTheDocument();
    await within(card).findByTestId('pump-check-inherited');
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Pump check saved')).toBeInTheDocument();
    await waitFor(() => expect(asked).toContain('save group 7'));
    expect(asked.filter((call) => call === 'company' || call.endsWith(' 8'))).toEqual([]);
  });
});
