import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Action } from '@/lib/auth/permissions';
import { i18n } from '@/lib/i18n';
import en from '@/locales/en-US/common.json';
import es from '@/locales/es/common.json';
import { renderWithProviders } from '@/test/render';
import { apiUrl, bookkeeperPermissions, limitedToGroup, server } from '@/test/server';
import { RequireAction } from './guards';

const router = Object.values(import.meta.glob<string>('./router.tsx', { query: '?raw', import: 'default', eager: true }))[0]!;

/** A signed-in member with `permissions` opens a page that needs `action`: the refusal, or the page. */
async function refusalOf(permissions: object, action: Action) {
  server.use(http.get(apiUrl('/account/permissions'), () => HttpResponse.json(permissions)));
  localStorage.setItem('token', 't1');
  localStorage.setItem('refreshToken', 'r1');
  const pages = createMemoryRouter([{ element: <RequireAction action={action} />, children: [{ index: true, element: <p>The page</p> }] }]);
  const { unmount } = renderWithProviders(<RouterProvider router={pages} />);
  const said = (await screen.findByTestId('role-cannot')).textContent;
  unmount();
  return said;
}

describe('RequireAction', () => {
  it('has a sentence in both languages for every action a route requires, said when a member may not open it', () => {
    const actions = [...router.matchAll(/RequireAction action="([a-z.-]+)"/g)].map((match) => match[1]!);
    expect(actions.length).toBeGreaterThan(5);
    for (const texts of [en, es]) {
      const said = texts.permissions.actions as Record<string, string>;
      expect(actions.filter((action) => !said[action])).toEqual([]);
      expect(texts.permissions.cannotInGroup).toContain('{{what}}');
    }
  });

  // A bookkeeper limited to a group: no bookkeeper sees the members (the role is why), every bookkeeper of the
  // whole company keeps the IFTA return (the group is why: it covers the whole company).
  const bookkeeperOfAGroup = limitedToGroup(bookkeeperPermissions, 7);

  it('tells a member limited to a group the role is why when no member of the role may, and the group only when it takes the action away', async () => {
    expect(await refusalOf(bookkeeperOfAGroup, 'members.read')).toBe(
      "Your role (bookkeeper) cannot see or manage the company's members. Ask an owner or admin of your company if you need it.",
    );
    expect(await refusalOf(bookkeeperOfAGroup, 'ifta.read')).toBe(
      'As a member limited to a group, you cannot see IFTA returns: it covers the whole company. Ask an owner or admin of your company if you need it.',
    );
  });

  it('says the same in Spanish', async () => {
    await i18n.changeLanguage('es');
    try {
      expect(await refusalOf(bookkeeperOfAGroup, 'members.read')).toBe(
        'Su rol (contable) no puede ver ni gestionar los miembros de la empresa. Pídalo a un propietario o administrador de su empresa si lo necesita.',
      );
      expect(await refusalOf(bookkeeperOfAGroup, 'ifta.read')).toBe(
        'Como miembro limitado a un grupo, no puede ver las declaraciones IFTA: abarca toda la empresa. Pídalo a un propietario o administrador de su empresa si lo necesita.',
      );
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });
});
