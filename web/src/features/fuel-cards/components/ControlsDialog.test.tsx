import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import type { CompanyControls, Controls } from '../api/controls-api';
import type { FuelCard } from '../api/fuel-cards-api';

const session = { token: 't1', refreshToken: 'r1' };
const CARD = '7071000000000001234';

function controlsApi({
  card = {},
  save = (body: Controls) => HttpResponse.json(body),
  overrideUntil = null,
}: { card?: Partial<FuelCard>; save?: (body: Controls) => Response; overrideUntil?: string | null } = {}) {
  const cards: FuelCard[] = [
    {
      cardNumber: CARD,
      status: 'ACTIVE',
      driverName: 'Sam Carter',
      driverId: 'D-1001',
      unitNumber: 'TRK-12',
      prompt: 'default',
      controlsActive: true,
      overrideUntil,
      monthlyBudget: 5000,
      monthSpend: 1234.5,
      issuer: 'network',
      issuerCardId: null,
      last4: null,
      expMonth: null,
      expYear: null,
      shipping: null,
      groupId: null,
      ...card,
    },
  ];
  const saved: Controls[] = [];
  const companySaved: CompanyControls[] = [];
  const overrides: { method: string; body: unknown }[] = [];
  server.use(
    http.get(apiUrl('/wex/company/get-cards'), () => HttpResponse.json({ value: cards })),
    http.get(apiUrl('/locations/chainCodes/filter'), () =>
      HttpResponse.json([
        { value: 'PILOT', label: 'Pilot Flying J', imageUrl: '' },
        { value: 'LOVES', label: "Love's", imageUrl: '' },
      ]),
    ),
    http.get(apiUrl(`/wex/company/cards/${CARD}/controls`), () => HttpResponse.json({ dailyLimit: 800, allowedProducts: ['DSL'] })),
    http.put(apiUrl(`/wex/company/cards/${CARD}/controls`), async ({ request }) => {
      const body = (await request.json()) as Controls;
      saved.push(body);
      return save(body);
    }),
    http.get(apiUrl('/wex/company/controls'), () => HttpResponse.json({ timeZone: 'America/Chicago', weeklyLimit: 4000 })),
    http.put(apiUrl('/wex/company/controls'), async ({ request }) => {
      const body = (await request.json()) as CompanyControls;
      companySaved.push(body);
      return HttpResponse.json(body);
    }),
    http.post(apiUrl(`/wex/company/cards/${CARD}/override`), async ({ request }) => {
      const body = await request.json();
      overrides.push({ method: 'POST', body });
      cards[0] = { ...cards[0]!, overrideUntil: '2099-01-02T15:00:00Z' };
      return HttpResponse.json({ cardNumber: CARD, until: '2099-01-02T15:00:00Z' });
    }),
    http.delete(apiUrl(`/wex/company/cards/${CARD}/override`), () => {
      overrides.push({ method: 'DELETE', body: null });
      cards[0] = { ...cards[0]!, overrideUntil: null };
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { saved, companySaved, overrides };
}

async function openRow(user: ReturnType<typeof renderApp>['user']) {
  const [row] = await screen.findAllByTestId('fuel-card-row');
  await user.click(within(row!).getAllByRole('button')[0]!);
  return row!;
}

async function openControls(user: ReturnType<typeof renderApp>['user']) {
  const row = await openRow(user);
  await user.click(within(row).getByRole('button', { name: 'Controls' }));
  const dialog = await screen.findByRole('dialog', { name: /Card controls/ });
  await within(dialog).findByLabelText('Per day');
  return dialog;
}

describe('card controls', () => {
  it('badges a card with rules, shows its budget, and fills the form from the saved controls', async () => {
    controlsApi();
    const { user } = renderApp(paths.fuelCards, { session });

    expect(await screen.findByTestId('controls-badge')).toHaveTextContent('Controls');
    expect(screen.queryByTestId('override-badge')).not.toBeInTheDocument();
    const row = await openRow(user);
    expect(row).toHaveTextContent('$1,234.50 of $5,000.00 budget this month');
    await user.click(within(row).getByRole('button', { name: 'Controls' }));
    const dialog = await screen.findByRole('dialog', { name: /Card controls/ });
    expect(await within(dialog).findByLabelText('Per day')).toHaveValue('800');
    expect(within(dialog).getByLabelText('Per purchase')).toHaveValue('');
    expect(within(dialog).getByRole('checkbox', { name: 'Diesel' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'DEF' })).not.toBeChecked();
  });

  it('checks the fields before sending: negative, not a number, hours in pairs', async () => {
    const { saved } = controlsApi();
    const { user } = renderApp(paths.fuelCards, { session });
    const dialog = await openControls(user);

    await user.type(within(dialog).getByLabelText('Per purchase'), '-10');
    await user.type(within(dialog).getByLabelText('Purchases per day'), '2.5');
    await user.type(within(dialog).getByLabelText('Allowed from'), '05:00');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('Must be 0 or more')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a whole number')).toBeInTheDocument();
    expect(within(dialog).getByText('Set both the start and the end time')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });

  it('saves the rules as the contract object, empty fields as null, and closes with a toast', async () => {
    const { saved } = controlsApi();
    const { user } = renderApp(paths.fuelCards, { session });
    const dialog = await openControls(user);

    await user.type(within(dialog).getByLabelText('Per purchase'), '350.50');
    await user.clear(within(dialog).getByLabelText('Per day'));
    await user.click(within(dialog).getByRole('checkbox', { name: 'DEF' }));
    await user.click(within(dialog).getByRole('button', { name: 'Saturday' }));
    await user.click(within(dialog).getByRole('button', { name: 'Sunday' }));
    await user.click(within(dialog).getByLabelText('Allowed chains'));
    await user.click(await screen.findByRole('option', { name: 'Pilot Flying J' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Controls saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(saved).toEqual([
      {
        perPurchaseLimit: 350.5,
        dailyLimit: null,
        dailyGallonsLimit: null,
        weeklyLimit: null,
        dailyPurchasesLimit: null,
        allowedProducts: ['DSL', 'DEF'],
        allowedStates: null,
        allowedDays: ['SAT', 'SUN'],
        allowedHours: null,
        allowedChains: ['PILOT'],
        blockedChains: null,
        tankCapacityGallons: null,
        reeferTankGallons: null,
        monthlyBudget: null,
      },
    ]);
  });

  it('shows server field errors on their fields and keeps the dialog open', async () => {
    controlsApi({
      save: () =>
        HttpResponse.json(
          { status: 400, message: { dailyLimit: ['must not exceed the weekly limit'], 'allowedHours.to': ['must differ from from'] } },
          { status: 400 },
        ),
    });
    const { user } = renderApp(paths.fuelCards, { session });
    const dialog = await openControls(user);

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Must not exceed the weekly limit')).toBeInTheDocument();
    expect(within(dialog).getByText('Must differ from from')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please fix the highlighted fields');
    expect(within(dialog).getByLabelText('Per day')).toHaveAttribute('aria-invalid', 'true');
  });

  it('edits the company default with its time zone', async () => {
    const { companySaved } = controlsApi();
    const { user } = renderApp(paths.fuelCards, { session });

    await user.click(await screen.findByRole('button', { name: 'Company default controls' }));
    const dialog = await screen.findByRole('dialog', { name: 'Company default controls' });
    expect(await within(dialog).findByLabelText('Per week')).toHaveValue('4000');
    const zone = within(dialog).getByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveValue('America/Chicago');
    await user.clear(zone);
    await user.type(zone, 'New_Y');
    await user.click(await screen.findByRole('option', { name: 'America/New_York' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(companySaved).toHaveLength(1));
    expect(companySaved[0]).toMatchObject({ timeZone: 'America/New_York', weeklyLimit: 4000, dailyLimit: null });
  });
});

describe('card override', () => {
  it('grants 24 hours by default, then shows the badge and ends it', async () => {
    const { overrides } = controlsApi();
    const { user } = renderApp(paths.fuelCards, { session });
    const row = await openRow(user);

    await user.click(within(row).getByRole('button', { name: 'Override' }));
    let dialog = await screen.findByRole('dialog', { name: 'Override card rules' });
    expect(within(dialog).getByLabelText('Hours')).toHaveValue('24');
    await user.click(within(dialog).getByRole('button', { name: 'Grant override' }));

    expect(await screen.findByTestId('override-badge')).toHaveTextContent('Override');
    expect(within(row).getByTestId('override-until')).toHaveTextContent(/^Override active until Jan 2,/);
    await user.click(within(row).getByRole('button', { name: 'Override active' }));
    dialog = await screen.findByRole('dialog', { name: 'Override card rules' });
    expect(within(dialog).getByTestId('override-active')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'End override' }));
    await waitFor(() => expect(screen.queryByTestId('override-badge')).not.toBeInTheDocument());
    expect(overrides).toEqual([
      { method: 'POST', body: { hours: 24, liftsPrompt: false } },
      { method: 'DELETE', body: null },
    ]);
  });

  it('refuses hours outside 1 to 168', async () => {
    const { overrides } = controlsApi();
    const { user } = renderApp(paths.fuelCards, { session });
    const row = await openRow(user);
    await user.click(within(row).getByRole('button', { name: 'Override' }));
    const dialog = await screen.findByRole('dialog', { name: 'Override card rules' });

    await user.clear(within(dialog).getByLabelText('Hours'));
    await user.type(within(dialog).getByLabelText('Hours'), '200');
    await user.click(within(dialog).getByRole('button', { name: 'Grant override' }));
    expect(await within(dialog).findByText('Enter 1 to 168 hours')).toBeInTheDocument();
    expect(overrides).toHaveLength(0);
  });
});
