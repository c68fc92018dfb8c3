import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { renderApp } from '@/test/render';
import { apiUrl, limitedToGroup, ownerPermissions, server } from '@/test/server';
import type { Invitation, Member } from '../api/members-api';

const session = { token: 't1', refreshToken: 'r1' };

const member = (id: number, email: string, role: Member['role'], status: Member['status'] = 'ACTIVE'): Member => ({
  id,
  email,
  firstName: email.split('@')[0],
  lastName: 'Lee',
  role,
  groupId: null,
  status,
});

const listed = (members: Member[], invitations: Invitation[] = []) => [
  http.get(apiUrl('/wex/company/members'), () => HttpResponse.json({ content: members })),
  http.get(apiUrl('/wex/company/invitations'), () => HttpResponse.json({ content: invitations })),
];

describe('members', () => {
  it('lists members with their role and status, and no actions on oneself', async () => {
    server.use(...listed([member(1, 'owner@demo.test', 'owner'), member(5, 'dee@demo.test', 'dispatcher', 'SUSPENDED')]));
    renderApp(paths.members, { session });
    const rows = await screen.findAllByTestId('member-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('(you)');
    expect(within(rows[0]).queryByRole('button')).toBeNull();
    expect(rows[1]).toHaveTextContent('dee@demo.test');
    expect(rows[1]).toHaveTextContent('Suspended');
    expect(within(rows[1]).getByRole('button', { name: 'Reactivate dee Lee' })).toBeInTheDocument();
    expect(await screen.findByTestId('invitations-empty')).toHaveTextContent('No pending invitations');
  });

  it('offers a retry when the list fails to load', async () => {
    let calls = 0;
    server.use(
      http.get(apiUrl('/wex/company/members'), () =>
        ++calls === 1 ? HttpResponse.json({ status: 500, message: 'x' }, { status: 500 }) : HttpResponse.json({ content: [member(5, 'dee@demo.test', 'admin')] }),
      ),
      http.get(apiUrl('/wex/company/invitations'), () => HttpResponse.json({ content: [] })),
    );
    const { user } = renderApp(paths.members, { session });
    await user.click(within(await screen.findByTestId('load-error')).getByRole('button'));
    expect(await screen.findByText('dee@demo.test')).toBeInTheDocument();
  });

  it('invites by e-mail and role, checks the address, and shows until when the link works', async () => {
    const sent: unknown[] = [];
    server.use(
      ...listed([member(1, 'owner@demo.test', 'owner')]),
      http.post(apiUrl('/wex/company/invitations'), async ({ request }) => {
        const body = (await request.json()) as { email: string; role: Invitation['role'] };
        sent.push(body);
        return HttpResponse.json({ id: 9, email: body.email, role: body.role, groupId: null, expiresAt: '2026-12-09T15:00:00Z' }, { status: 201 });
      }),
    );
    const { user } = renderApp(paths.members, { session });
    await user.click(await screen.findByRole('button', { name: 'Invite a member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite a member' });
    const email = within(dialog).getByRole('textbox', { name: /E-mail/ });
    await user.type(email, 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Please enter a valid email address')).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'bo@demo.test');
    await user.click(within(dialog).getByRole('combobox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Bookkeeper' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByTestId('invitation-sent')).toHaveTextContent(/Invitation sent to bo@demo.test as Bookkeeper\. The link works until Dec.* 2026/);
    expect(sent).toEqual([{ email: 'bo@demo.test', role: 'bookkeeper' }]);
  });

  it('revokes a pending invitation', async () => {
    let invitations: Invitation[] = [{ id: 3, email: 'new@demo.test', role: 'dispatcher', groupId: null, expiresAt: '2026-12-09T15:00:00Z' }];
    server.use(
      http.get(apiUrl('/wex/company/members'), () => HttpResponse.json({ content: [] })),
      http.get(apiUrl('/wex/company/invitations'), () => HttpResponse.json({ content: invitations })),
      http.delete(apiUrl('/wex/company/invitations/3'), () => {
        invitations = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderApp(paths.members, { session });
    expect(await screen.findByTestId('invitation-row')).toHaveTextContent('Dispatcher · link works until');
    await user.click(screen.getByRole('button', { name: 'Revoke the invitation of new@demo.test' }));
    expect(await screen.findByTestId('invitations-empty')).toBeInTheDocument();
  });

  it("changes a member's role, and shows the server's refusal of removing the last owner", async () => {
    const changes: unknown[] = [];
    server.use(
      ...listed([member(1, 'owner@demo.test', 'owner'), member(5, 'dee@demo.test', 'dispatcher'), member(6, 'olga@demo.test', 'owner')]),
      http.patch(apiUrl('/wex/company/members/5'), async ({ request }) => {
        changes.push(await request.json());
        return HttpResponse.json(member(5, 'dee@demo.test', 'admin'));
      }),
      http.delete(apiUrl('/wex/company/members/6'), () =>
        HttpResponse.json({ status: 409, message: 'A company keeps at least one owner' }, { status: 409 }),
      ),
    );
    const { user } = renderApp(paths.members, { session });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role of dee Lee' }), 'Admin');
    await waitFor(() => expect(changes).toEqual([{ role: 'admin' }]));
    await user.click(screen.getByRole('button', { name: 'Remove olga Lee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove olga Lee?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('A company keeps at least one owner')).toBeInTheDocument();
  });

  it("lets an admin neither change owners nor invite one", async () => {
    server.use(
      http.get(apiUrl('/account/permissions'), () =>
        HttpResponse.json({ ...ownerPermissions, role: 'admin', actions: ownerPermissions.actions.filter((action) => action !== 'owners.manage' && action !== 'company.close') }),
      ),
      ...listed([member(1, 'owner@demo.test', 'admin'), member(6, 'olga@demo.test', 'owner')]),
    );
    const { user } = renderApp(paths.members, { session });
    const rows = await screen.findAllByTestId('member-row');
    await waitFor(() => expect(within(rows[1]).queryByRole('button')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Invite a member' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('combobox', { name: /Role/ }));
    expect(screen.queryByRole('option', { name: 'Owner' })).toBeNull();
  });

  it("shows an admin limited to a group their group's people and their own group, and says why they change neither", async () => {
    const admin = { ...ownerPermissions, role: 'admin', actions: ownerPermissions.actions.filter((action) => action !== 'owners.manage' && action !== 'company.close') };
    server.use(
      http.get(apiUrl('/account/permissions'), () => HttpResponse.json(limitedToGroup(admin, 7))),
      // The server lists a member limited to a group the people of their group only.
      ...listed([{ ...member(1, 'owner@demo.test', 'admin'), groupId: 7 }, { ...member(5, 'dee@demo.test', 'dispatcher'), groupId: 7 }, member(9, 'dan@demo.test', 'driver')]),
      // The server lists a member limited to a group their own group only.
      http.get(apiUrl('/wex/company/groups'), () => HttpResponse.json({ content: [{ id: 7, name: 'North terminal', cards: 2, vehicles: 1, members: 2 }] })),
    );
    renderApp(paths.members, { session });
    expect(await screen.findByTestId('members-limited')).toHaveTextContent(
      'As a member limited to a group, you cannot invite, change or remove members, or add, rename or delete groups: it covers the whole company.',
    );
    expect(screen.getByTestId('members-limited-list')).toHaveTextContent(
      'You see the people of your group only: the members limited to it, the drivers of its cards and the invitations to it.',
    );
    const rows = await screen.findAllByTestId('member-row');
    await waitFor(() => expect(rows[1]).toHaveTextContent('Limited to North terminal'));
    for (const row of rows) {
      expect(within(row).queryByRole('button')).toBeNull();
      expect(within(row).queryByRole('combobox')).toBeNull();
    }
    expect(screen.queryByRole('button', { name: 'Invite a member' })).toBeNull();
    const groups = await screen.findByRole('list', { name: 'Groups' });
    expect(within(groups).getAllByRole('listitem')).toHaveLength(1);
    expect(groups).toHaveTextContent('North terminal');
    expect(screen.queryByRole('button', { name: 'Add a group' })).toBeNull();
    expect(within(groups).queryByRole('button')).toBeNull();
  });

  it('tells a dispatcher their role cannot manage members instead of the page', async () => {
    server.use(
      http.get(apiUrl('/account/permissions'), () => HttpResponse.json({ role: 'dispatcher', groupId: null, actions: ['cards.read', 'vehicles.read'], withheldByGroup: [] })),
    );
    renderApp(paths.members, { session });
    expect(await screen.findByTestId('role-cannot')).toHaveTextContent("Your role (dispatcher) cannot see or manage the company's members.");
  });
});
