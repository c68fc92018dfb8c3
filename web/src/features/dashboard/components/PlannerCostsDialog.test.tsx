import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { apiUrl, server } from '@/test/server';
import { PlannerCostsDialog } from './PlannerCostsDialog';

const contract = {
  pricing: 'RETAIL_MINUS',
  retailMinusCents: 18,
  billing: 'PREPAID',
  creditLimit: 0,
  feePerTransaction: 1.5,
  outOfRouteCostPerMile: 1.25,
  costPerStop: 15,
};

/** Serves the contract; records the PUT bodies and answers them with `answer`. */
function contractApi(answer?: (body: Record<string, unknown>) => Response | Promise<Response>) {
  const puts: unknown[] = [];
  server.use(
    http.get(apiUrl('/wex/company/contract'), () => HttpResponse.json(contract)),
    http.put(apiUrl('/wex/company/contract/planner-costs'), async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      puts.push(body);
      return answer ? answer(body) : HttpResponse.json({ ...contract, ...body });
    }),
  );
  return puts;
}

function renderDialog() {
  const onClose = vi.fn();
  const view = renderWithProviders(<PlannerCostsDialog open onClose={onClose} />);
  return { ...view, onClose };
}

describe('PlannerCostsDialog', () => {
  it('shows the contract costs, saves new ones as numbers, toasts and closes', async () => {
    const puts = contractApi();
    const { user, onClose } = renderDialog();
    const perMile = await screen.findByTestId('planner-cost-per-mile');
    const perStop = screen.getByTestId('planner-cost-per-stop');
    expect(perMile).toHaveValue('1.25');
    expect(perStop).toHaveValue('15');

    await user.clear(perMile);
    await user.type(perMile, '1.85');
    await user.clear(perStop);
    await user.type(perStop, '150.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(puts).toEqual([{ outOfRouteCostPerMile: 1.85, costPerStop: 150.5 }]);
    expect(await screen.findByText('Fuel planner costs saved')).toBeInTheDocument();
  });

  it('says what is wrong with each field and sends nothing', async () => {
    const puts = contractApi();
    const { user, onClose } = renderDialog();
    const perMile = await screen.findByTestId('planner-cost-per-mile');
    const perStop = screen.getByTestId('planner-cost-per-stop');
    const save = screen.getByRole('button', { name: 'Save' });

    for (const [mile, stop, mileMessage, stopMessage] of [
      ['', 'abc', 'Enter an amount (0 to turn it off)', 'Enter an amount in dollars, like 1.85'],
      ['1.855', '500.01', 'Use whole cents (at most 2 decimals)', 'Enter at most $500.00'],
      ['-1', '1e3', 'Enter an amount in dollars, like 1.85', 'Enter an amount in dollars, like 1.85'],
      ['10.01', '0.001', 'Enter at most $10.00', 'Use whole cents (at most 2 decimals)'],
    ]) {
      await user.clear(perMile);
      if (mile) await user.type(perMile, mile);
      await user.clear(perStop);
      await user.type(perStop, stop);
      await user.click(save);
      expect(await screen.findByText(mileMessage, { selector: '#' + CSS.escape(perMile.id) + '-helper-text' })).toBeInTheDocument();
      expect(screen.getByText(stopMessage, { selector: '#' + CSS.escape(perStop.id) + '-helper-text' })).toBeInTheDocument();
    }
    expect(puts).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows the server's field errors on the fields and stays open", async () => {
    const puts = contractApi(() => HttpResponse.json({ status: 400, message: { costPerStop: ['Must be a number from 0 to 500.00'] } }, { status: 400 }));
    const { user, onClose } = renderDialog();
    await screen.findByTestId('planner-cost-per-mile');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be a number from 0 to 500.00')).toBeInTheDocument();
    expect(puts).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows a form-level error when saving fails without field errors', async () => {
    contractApi(() => HttpResponse.json({ status: 500, message: 'Internal server error' }, { status: 500 }));
    const { user } = renderDialog();
    await screen.findByTestId('planner-cost-per-mile');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = screen.getByTestId('planner-costs-dialog');
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
  });

  it('shows the loading state, then a load error with a retry that loads the form', async () => {
    let fail = true;
    server.use(
      http.get(apiUrl('/wex/company/contract'), async () => {
        await delay(50);
        return fail ? HttpResponse.json({ status: 503, message: 'Database unavailable' }, { status: 503 }) : HttpResponse.json(contract);
      }),
    );
    const { user } = renderDialog();
    expect(screen.getByTestId('planner-costs-loading')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    const error = await screen.findByTestId('load-error');
    expect(error).toHaveTextContent('The contract could not be loaded');
    fail = false;
    await user.click(within(error).getByRole('button'));
    expect(await screen.findByTestId('planner-cost-per-mile')).toHaveValue('1.25');
  });
});
