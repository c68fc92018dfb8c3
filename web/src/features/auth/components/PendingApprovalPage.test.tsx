import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { paths } from '@/lib/paths';
import { renderApp } from '@/test/render';
import { apiUrl, driverAccount, server } from '@/test/server';


const session = { token: 't1', refreshToken: 'r1' };

describe('a driver waiting for approval', () => {
  it('sees the waiting page on every signed-in path, and can sign out', async () => {
    server.use(http.get(apiUrl('/account'), () => HttpResponse.json({ ...driverAccount, driverStatus: 'PENDING' })));
    const { user } = renderApp(paths.transactions, { session });
    expect(await screen.findByRole('heading', { name: 'Waiting for your company to approve your account' })).toBeInTheDocument();
    expect(screen.getByText(/Demo Freight LLC has your request to join on card •••• 0011/)).toBeInTheDocument();
    expect(screen.queryByTestId('transaction-row')).not.toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.queryByTestId('pending-approval')).not.toBeInTheDocument());
    expect(window.location.pathname).toBe(paths.root);
  });

  it('gets the app once the company approves ("Check again")', async () => {
    let status = 'PENDING';
    server.use(
      http.get(apiUrl('/account'), () => HttpResponse.json({ ...driverAccount, driverStatus: status })),
      http.get(apiUrl('/wex/total-spendings'), () => HttpResponse.json([{ total: 10, saved: 1 }])),
      http.get(apiUrl('/wex/transactions'), () => HttpResponse.json({ content: [], page: { number: 0, size: 20, totalElements: 0, totalPages: 0 } })),
    );
    const { user } = renderApp(paths.dashboard, { session });
    await screen.findByTestId('pending-approval');
    status = 'APPROVED';
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(screen.queryByTestId('pending-approval')).not.toBeInTheDocument());
  });
});

describe('sign-in of a declined driver', () => {
  it('says the company declined the request', async () => {
    const declined = 'Your company declined your request to join. Ask your fleet manager if you think this is a mistake.';
    server.use(http.post(apiUrl('/authenticate'), () => HttpResponse.json({ status: 403, message: declined }, { status: 403 })));
    const { user } = renderApp(paths.signIn);
    await user.type(await screen.findByLabelText('Username'), 'gone@fleet.test');
    await user.type(screen.getByLabelText('Password'), 'GoodPass1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(declined)).toBeInTheDocument();
  });
});
