import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderWithProviders } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { LowBalanceDialog } from './LowBalanceDialog';

/** Serves the threshold (or fails the GET); records the PUT bodies and answers them with `answer`. */
function lowBalanceApi(threshold: number | null, { failGet = false, answer }: { failGet?: boolean; answer?: (body: unknown) => Response } = {}) {
  const puts: unknown[] = [];
  server.use(
    http.get(apiUrl('/wex/company/wallet/low-balance'), () => (failGet ? new HttpResponse(null, { status: 500 }) : HttpResponse.json({ threshold }))),
    http.put(apiUrl('/wex/company/wallet/low-balance'), async ({ request }) => {
      const body = await request.json();
      puts.push(body);
      return answer ? answer(body) : HttpResponse.json(body);
    }),
  );
  return puts;
}

function renderDialog() {
  const onClose = vi.fn();
  return { ...renderWithProviders(<LowBalanceDialog open onClose={onClose} />), onClose };
}

describe('LowBalanceDialog', () => {
  it('shows the threshold, saves a new one as a number, toasts and closes', async () => {
    const puts = lowBalanceApi(500);
    const { user, onClose } = renderDialog();
    const field = await screen.findByTestId('low-balance-threshold');
    expect(field).toHaveValue('500');
    await user.clear(field);
    await user.type(field, '1250.50');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(puts).toEqual([{ threshold: 1250.5 }]);
    expect(await screen.findByText('Low-balance alert saved')).toBeInTheDocument();
  });

  it('turns the alert off when the field is emptied', async () => {
    const puts = lowBalanceApi(500);
    const { user, onClose } = renderDialog();
    await user.clear(await screen.findByTestId('low-balance-threshold'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(puts).toEqual([{ threshold: null }]);
    expect(await screen.findByText('Low-balance alert turned off')).toBeInTheDocument();
  });

  it.each([
    ['not a number', 'lots', 'Enter an amount in dollars, like 500'],
    ['a negative amount', '-5', 'Enter an amount in dollars, like 500'],
    ['more decimals than cents', '10.005', 'Use whole cents (at most 2 decimals)'],
    ['more than the server takes', '1000000.01', 'Enter at most $1,000,000'],
  ])('refuses %s and sends nothing', async (_name, typed, message) => {
    const puts = lowBalanceApi(null);
    const { user, onClose } = renderDialog();
    const field = await screen.findByTestId('low-balance-threshold');
    expect(field).toHaveValue('');
    await user.type(field, typed);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(puts).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the server’s field error on the field', async () => {
    lowBalanceApi(null, { answer: () => HttpResponse.json({ status: 400, message: { threshold: ['must be at most 1000000'] } }, { status: 400 }) });
    const { user, onClose } = renderDialog();
    await user.type(await screen.findByTestId('low-balance-threshold'), '20');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be at most 1000000')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says when the threshold cannot be loaded and retries', async () => {
    lowBalanceApi(null, { failGet: true });
    const { user } = renderDialog();
    expect(await screen.findByText('The low-balance alert could not be loaded')).toBeInTheDocument();
    lowBalanceApi(300);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('low-balance-threshold')).toHaveValue('300');
  });

  it('speaks Spanish', async () => {
    lowBalanceApi(null);
    await i18n.changeLanguage('es');
    try {
      renderDialog();
      expect(await screen.findByRole('heading', { name: 'Alerta de saldo bajo' })).toBeInTheDocument();
      expect(await screen.findByText('Dólares, hasta $1,000,000; vacío: sin alerta')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });
});
