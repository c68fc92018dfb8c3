import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { fuelPlan } from '../testing/fixtures';
import { PlanSummary } from './PlanSummary';

it('compares with the cost without a plan', () => {
  renderWithProviders(<PlanSummary plan={fuelPlan} />);
  expect(screen.getByTestId('plan-naive-cost')).toHaveTextContent('$582.61');
  expect(screen.getByTestId('plan-saving')).toHaveTextContent('You save $60.75');
});

it('shows only the plan when the server has no cost without a plan (naiveCost null)', () => {
  renderWithProviders(<PlanSummary plan={{ ...fuelPlan, naiveCost: null, naivetotalGallons: null }} />);
  expect(screen.getByTestId('plan-total-cost')).toHaveTextContent('$521.86');
  expect(screen.queryByTestId('plan-naive-cost')).not.toBeInTheDocument();
  expect(screen.queryByTestId('plan-saving')).not.toBeInTheDocument();
});
