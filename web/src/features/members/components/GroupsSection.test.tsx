import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Group } from '@/lib/groups';
import { setLanguage } from '@/lib/i18n';
import { paths } from '@/lib/paths';
import { renderApp } from '@/test/render';
import { apiUrl, dispatcherPermissions, ownerAccount, server } from '@/test/server';
import type { Invitation, Member } from '../api/members-api';

const session = { token: 't1', refreshToken: 'r1' };
const owner: Member = { id: 1, email: 'owner@demo.test', firstName: 'Olive', lastName: 'Owner', role: 'owner', groupId: null, status: 'ACTIVE' };
const dee: Member = { id: 5, email: 'dee@demo.test', firstName: 'Dee', lastName: 'Lee', role: 'dispatcher', groupId: null, status: 'ACTIVE' };
const north: Group = { id: 7, name: 'North terminal', cards: 2, vehicles: 1, members: 0 };

/** The Members page's lists, with the groups the handler answers. */
function listed(groups: () => Group[] | 'fail', members: Member[] = [owner, dee], invitations: Invitation[] = []) {
  server.use(
    http.get(apiUrl('/wex/company/members'), () => HttpResponse.json({ content: members })),
    http.get(apiUrl('/wex/company/invitations'), () => HttpResponse.json({ content: invitations })),
    http.get(apiUrl('/wex/company/groups'), () => {
      const answer = groups();
      return answer === 'fail' ? HttpResponse.json({ status: 500, message: 'x' }, { status: 500 }) : HttpResponse.json({ content: answer });
    }),
  );
}

describe('groups on the Members page', () => {
  it('says when there are none, adds one from the keyboard and lists it with what it holds', async () => {
    let groups: Group[] = [];
    const posted: unknown[] = [];
    listed(() => groups);
    server.use(
      http.post(apiUrl('/wex/company/groups'), async ({ request }) => {
        const body = (await request.json()) as { name: string };
        posted.push(body);
        groups = [{ id: 7, name: body.name, cards: 0, vehicles: 0, members: 0 }];
        return HttpResponse.json({ id: 7, name: body.name }, { status: 201 });
      }),
    );
    const { user } = renderApp(paths.members, { session });
    expect(await screen.findByTestId('groups-empty')).toHaveTextContent('No groups yet.');
    await user.click(screen.getByRole('button', { name: 'Add a group' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a group' });
    await user.click(within(dialog).getByRole('button', { name: 'Add a group' }));
    expect(await within(dialog).findByText('Enter a name')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), '  North terminal {Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([{ name: 'North terminal' }]);
    const row = await screen.findByTestId('group-row');
    expect(row).toHaveTextContent('North terminal');
    expect(row).toHaveTextContent('Cards: 0 · Vehicles: 0 · Members: 0');
  });

  it("shows the server's refusal of a name in the dialog, and renames", async () => {
    let groups = [north];
    listed(() => groups);
    server.use(
      http.patch(apiUrl('/wex/company/groups/7'), async ({ request }) => {
        const { name } = (await request.json()) as { name: string };
        if (name === 'South') return HttpResponse.json({ status: 409, message: 'A group of this name exists' }, { status: 409 });
        groups = [{ ...north, name }];
        return HttpResponse.json({ id: 7, name });
      }),
    );
    const { user } = renderApp(paths.members, { session });
    await user.click(await screen.findByRole('button', { name: 'Rename North terminal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename the group' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await user.clear(name);
    await user.type(name, 'South');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A group of this name exists');
    await user.clear(name);
    await user.type(name, 'North yard');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(screen.getByTestId('group-row')).toHaveTextContent('North yard'));
  });

  it("says in Spanish why the server refuses a group's name and an invitation of a member", async () => {
    listed(() => [north]);
    server.use(
      http.get(apiUrl('/account'), () => HttpResponse.json({ ...ownerAccount, language: 'es' })),
      http.post(apiUrl('/wex/company/groups'), () => HttpResponse.json({ status: 409, message: 'A group of this name exists' }, { status: 409 })),
      http.post(apiUrl('/wex/company/invitations'), () =>
        HttpResponse.json({ status: 409, message: 'This address is already a member of the company' }, { status: 409 }),
      ),
    );
    setLanguage('es');
    try {
      const { user } = renderApp(paths.members, { session });
      await user.click(await screen.findByRole('button', { name: 'Agregar un grupo' }));
      const group = await screen.findByRole('dialog', { name: 'Agregar un grupo' });
      await user.type(within(group).getByRole('textbox', { name: /Nombre/ }), 'North terminal');
      await user.click(within(group).getByRole('button', { name: 'Agregar un grupo' }));
      expect(await within(group).findByRole('alert')).toHaveTextContent('Ya existe un grupo con este nombre');
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await user.click(screen.getByRole('button', { name: 'Invitar a un miembro' }));
      const invite = await screen.findByRole('dialog', { name: 'Invitar a un miembro' });
      await user.type(within(invite).getByRole('textbox', { name: /Correo electrónico/ }), 'dee@demo.test');
      await user.click(within(invite).getByRole('button', { name: 'Enviar invitación' }));
      expect(await within(invite).findByRole('alert')).toHaveTextContent('Esta dirección ya es miembro de la empresa');
    } finally {
      setLanguage('en');
    }
  });

  it('asks before deleting, and says why the server refuses', async () => {
    listed(() => [north]);
    server.use(
      http.delete(apiUrl('/wex/company/groups/7'), () =>
        HttpResponse.json({ status: 409, message: 'Members are limited to this group: change their group first' }, { status: 409 }),
      ),
    );
    const { user } = renderApp(paths.members, { session });
    await user.click(await screen.findByRole('button', { name: 'Delete North terminal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete North terminal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Members are limited to this group: change their group first')).toBeInTheDocument();
  });

  it('offers a retry when the groups fail to load', async () => {
    let calls = 0;
    listed(() => (++calls === 1 ? 'fail' : [north]));
    const { user } = renderApp(paths.members, { session });
    const section = (await screen.findByRole('heading', { name: 'Groups' })).closest('section')!;
    await user.click(within(section).getByRole('button', { name: /retry|try again/i }));
    expect(await screen.findByTestId('group-row')).toHaveTextContent('North terminal');
  });

  it("limits a member to a group, and an invitee; shows an invitation's group", async () => {
    const patched: unknown[] = [];
    const invited: unknown[] = [];
    listed(() => [north], [owner, dee], [{ id: 3, email: 'new@demo.test', role: 'bookkeeper', groupId: 7, expiresAt: '2026-12-09T15:00:00Z' }]);
    server.use(
      http.patch(apiUrl('/wex/company/members/5'), async ({ request }) => {
        const change = (await request.json()) as { groupId: number };
        patched.push(change);
        return HttpResponse.json({ ...dee, groupId: change.groupId });
      }),
      http.post(apiUrl('/wex/company/invitations'), async ({ request }) => {
        const body = (await request.json()) as Invitation;
        invited.push(body);
        return HttpResponse.json({ id: 9, email: body.email, role: body.role, groupId: 7, expiresAt: '2026-12-09T15:00:00Z' }, { status: 201 });
      }),
    );
    const { user } = renderApp(paths.members, { session });
    expect(await screen.findByTestId('invitation-row')).toHaveTextContent('Limited to North terminal');
    const group = await screen.findByRole('combobox', { name: 'Group of Dee Lee' });
    await waitFor(() => expect(within(group).getByRole('option', { name: 'North terminal' })).toBeInTheDocument());
    await user.selectOptions(group, 'North terminal');
    await waitFor(() => expect(patched).toEqual([{ groupId: 7 }]));

    await user.click(screen.getByRole('button', { name: 'Invite a member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member' });
    await user.type(within(dialog).getByRole('textbox', { name: /E-mail/ }), 'north@demo.test');
    const choice = within(dialog).getByRole('combobox', { name: /Group/ });
    await waitFor(() => expect(choice).not.toHaveAttribute('aria-disabled', 'true'));
    await user.click(choice);
    await user.click(await screen.findByRole('option', { name: 'North terminal' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByTestId('invitation-sent')).toBeInTheDocument();
    expect(invited).toEqual([{ email: 'north@demo.test', role: 'dispatcher', groupId: 7 }]);
  });

  it('shows a dispatcher no group choices', async () => {
    server.use(http.get(apiUrl('/account/permissions'), () => HttpResponse.json(dispatcherPermissions)));
    listed(() => [north]);
    renderApp(paths.members, { session });
    expect(await screen.findByText(/Not available for your role|not available/i)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a group' })).toBeNull();
  });
});
