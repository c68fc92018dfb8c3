import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import type { Member } from '@/lib/members';
import { paths } from '@/lib/paths';
import { renderApp } from '@/test/render';
import { apiUrl, ownerAccount, server } from '@/test/server';

const session = { token: 't1', refreshToken: 'r1' };

const member = (id: number, firstName: string, lastName: string, email: string, role: Member['role']): Member => ({
  id, email, firstName, lastName, role, groupId: null, status: 'ACTIVE',
});

const event = (id: number, actorId: number, actorEmail: string) => ({
  id, at: '2026-12-01T10:00:00Z', actorId, actorEmail, actorRole: 'owner', kind: 'card.frozen', objectType: 'card', objectId: '1234',
  before: {}, after: {}, clientAddress: '203.0.113.7', requestId: `r-${id}`,
});

describe('audit page', () => {
  it("offers every member of the company in the person filter, and people seen on the trail who are no longer members", async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get(apiUrl('/wex/company/members'), () =>
        HttpResponse.json({
          content: [
            member(1, 'Olivia', 'Owner', 'owner@demo.test', 'owner'),
            member(5, 'Dana', 'Dispatch', 'dana@demo.test', 'dispatcher'),
          ],
        }),
      ),
      http.get(apiUrl('/wex/company/audit'), ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json({ content: [event(1, 1, 'owner@demo.test'), event(2, 9, 'gone@demo.test')], totalElements: 2 });
      }),
    );
    const { user } = renderApp(paths.audit, { session });

    const person = await screen.findByRole('combobox', { name: 'Person' });
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    await user.click(person);
    const listbox = await screen.findByRole('listbox');
    // Dana changed nothing yet and is offered all the same.
    await waitFor(() =>
      expect(within(listbox).getAllByRole('option').map((option) => option.textContent)).toEqual([
        'Anyone',
        'Dana Dispatch · dana@demo.test',
        'gone@demo.test',
        'Olivia Owner · owner@demo.test',
      ]),
    );
    await user.click(within(listbox).getByRole('option', { name: 'Dana Dispatch · dana@demo.test' }));
    await waitFor(() => expect(asked.at(-1)?.get('actorId')).toBe('5'));
  });

  /** A card's change of fields (driver id, older rules) and one of its limits (as the controls API writes them). */
  const fieldsChange = {
    before: { status: 'ACTIVE', rules: { maxGallons: 100, products: ['DSL'] }, driverId: 'D-1' },
    after: { status: 'INACTIVE', rules: { maxGallons: 150, products: ['DSL'], stations_only: true }, driverId: 'D-2' },
  };
  const limitsChange = {
    before: { perPurchaseLimit: 400, dailyGallonsLimit: null, allowedHours: null },
    after: { perPurchaseLimit: 450, dailyGallonsLimit: 150.5, allowedHours: { from: '06:00', to: '18:30' } },
  };

  it.each([
    ['each changed field by its label, an unknown one by its name made readable', 'en', fieldsChange,
      ['Status: ACTIVE → INACTIVE', 'Rules › Most gallons: 100 → 150', 'Rules › Stations only: — → true', 'Driver ID: D-1 → D-2']],
    ['each changed field by its label, an unknown one by its name made readable', 'es', fieldsChange,
      ['Estado: ACTIVE → INACTIVE', 'Reglas › Máximo de galones: 100 → 150', 'Reglas › Stations only: — → true', 'ID del chofer: D-1 → D-2']],
    ["a card's limits as the owner set them: dollars as money, gallons, hours", 'en', limitsChange,
      ['Limit per purchase: $400.00 → $450.00', 'Gallons per day: — → 150.5', 'Allowed hours › From: — → 06:00', 'Allowed hours › To: — → 18:30']],
    ["a card's limits as the owner set them: dollars as money, gallons, hours", 'es', limitsChange,
      ['Límite por compra: $400.00 → $450.00', 'Galones por día: — → 150.5', 'Horario permitido › Desde: — → 06:00', 'Horario permitido › Hasta: — → 18:30']],
  ])('shows %s (%s)', async (_what, language, change, shown) => {
    server.use(
      // The account's language is the viewer's.
      http.get(apiUrl('/account'), () => HttpResponse.json({ ...ownerAccount, language })),
      http.get(apiUrl('/wex/company/members'), () => HttpResponse.json({ content: [] })),
      http.get(apiUrl('/wex/company/audit'), () =>
        HttpResponse.json({ content: [{ ...event(1, 1, 'owner@demo.test'), kind: 'card.controls_set', ...change }], totalElements: 1 }),
      ),
    );
    setLanguage(language as 'en' | 'es');
    try {
      renderApp(paths.audit, { session });
      await waitFor(() => expect(screen.getAllByTestId('audit-change').map((row) => row.textContent)).toEqual(shown));
    } finally {
      setLanguage('en');
    }
  });
});
