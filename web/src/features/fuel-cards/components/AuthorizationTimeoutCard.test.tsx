import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { renderApp } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import type { AuthorizationSettings } from '../api/controls-api';

const session = { token: 't1', refreshToken: 'r1' };

function settingsApi(initial: AuthorizationSettings['onTimeout'], put?: () => Response) {
  let current = initial;
  const saved: AuthorizationSettings[] = [];
  server.use(
    http.get(apiUrl('/wex/company/get-cards'), () => HttpResponse.json({ value: [] })),
    http.get(apiUrl('/wex/company/authorization-settings'), () => HttpResponse.json({ onTimeout: current })),
    http.put(apiUrl('/wex/company/authorization-settings'), async ({ request }) => {
      const body = (await request.json()) as AuthorizationSettings;
      saved.push(body);
      if (put) return put();
      current = body.onTimeout;
      return HttpResponse.json(body);
    }),
  );
  return { saved };
}

const section = () => screen.findByRole('region', { name: 'Pump authorizations' });

describe('authorization timeout setting', () => {
  it('shows the saved answer and saves a new one', async () => {
    const { saved } = settingsApi('decline');
    const { user } = renderApp(paths.fuelCards, { session });
    const card = await section();
    const decline = await within(card).findByRole('radio', { name: /Decline the purchase/ });
    expect(decline).toBeChecked();

    await user.click(within(card).getByRole('radio', { name: /Approve the purchase/ }));
    expect(await screen.findByText('Timeout answer saved')).toBeInTheDocument();
    expect(saved).toEqual([{ onTimeout: 'approve' }]);
    await waitFor(() => expect(within(card).getByRole('radio', { name: /Approve the purchase/ })).toBeChecked());
  });

  it('keeps the saved answer when saving fails', async () => {
    settingsApi('decline', () => HttpResponse.json({ status: 503, message: 'Service unavailable' }, { status: 503 }));
    const { user } = renderApp(paths.fuelCards, { session });
    const card = await section();
    await user.click(await within(card).findByRole('radio', { name: /Approve the purchase/ }));
    expect(await screen.findByText('Service unavailable')).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByRole('radio', { name: /Decline the purchase/ })).toBeChecked());
  });

  it('offers a retry when the setting cannot be loaded', async () => {
    let fail = true;
    server.use(
      http.get(apiUrl('/wex/company/get-cards'), () => HttpResponse.json({ value: [] })),
      http.get(apiUrl('/wex/company/authorization-settings'), () =>
        fail ? HttpResponse.json({ status: 500, message: 'x' }, { status: 500 }) : HttpResponse.json({ onTimeout: 'approve' }),
      ),
    );
    const { user } = renderApp(paths.fuelCards, { session });
    const card = await section();
    const error = await within(card).findByTestId('load-error');
    fail = false;
    await user.click(within(error).getByRole('button'));
    expect(await within(card).findByRole('radio', { name: /Approve the purchase/ })).toBeChecked();
  });
});
