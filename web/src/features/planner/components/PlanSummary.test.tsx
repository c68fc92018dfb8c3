import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { fuelPlan, fuelPlanWithDetour } from '../test/fixtures';
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

it('counts the detour and stop costs on both sides and shows the net saving after the detour', () => {
  renderWithProviders(<PlanSummary plan={fuelPlanWithDetour} />);
  expect(screen.getByTestId('plan-total-cost')).toHaveTextContent('$578.15');
  expect(screen.getByTestId('plan-detour-cost')).toHaveTextContent('$521.86 fuel + $56.29 detour and stops (3.4 mi off route)');
  expect(screen.getByTestId('plan-naive-cost')).toHaveTextContent('$609.09');
  expect(screen.getByTestId('plan-net-saving')).toHaveTextContent('Net saving $30.94 after detour');
  expect(screen.getByTestId('plan-detour-rates')).toHaveTextContent("Counts your contract's $1.85/mi off route and $25.00 per stop");
  expect(screen.queryByTestId('plan-saving')).not.toBeInTheDocument();
});

it('shows the fuel-only summary when the contract counts no detour or stop costs', () => {
  renderWithProviders(
    <PlanSummary plan={{ ...fuelPlan, outOfRouteCostPerMile: 0, costPerStop: 0, detourMiles: 3.4, detourCost: 0, naiveDetourCost: 0, netSaving: 60.75 }} />,
  );
  expect(screen.getByTestId('plan-total-cost')).toHaveTextContent('$521.86');
  expect(screen.getByTestId('plan-saving')).toHaveTextContent('You save $60.75');
  expect(screen.queryByTestId('plan-net-saving')).not.toBeInTheDocument();
  expect(screen.queryByTestId('plan-detour-cost')).not.toBeInTheDocument();
  expect(screen.queryByTestId('plan-detour-rates')).not.toBeInTheDocument();
});

it('shows no net saving when the detour costs eat it, nor without the comparison', () => {
  const { unmount } = renderWithProviders(<PlanSummary plan={{ ...fuelPlanWithDetour, netSaving: -4.1 }} />);
  expect(screen.queryByTestId('plan-net-saving')).not.toBeInTheDocument();
  expect(screen.getByTestId('plan-naive-cost')).toHaveTextContent('$609.09');
  unmount();
  renderWithProviders(<PlanSummary plan={{ ...fuelPlanWithDetour, naiveCost: null, naivetotalGallons: null, naiveDetourCost: null, netSaving: null }} />);
  expect(screen.getByTestId('plan-total-cost')).toHaveTextContent('$578.15');
  expect(screen.queryByTestId('plan-naive-cost')).not.toBeInTheDocument();
});

it('says when the plan had to use stale prices', () => {
  const { unmount } = renderWithProviders(<PlanSummary plan={fuelPlan} />);
  expect(screen.queryByTestId('plan-stale')).not.toBeInTheDocument();
  unmount();
  renderWithProviders(<PlanSummary plan={{ ...fuelPlan, usedStalePrices: true }} />);
  expect(screen.getByTestId('plan-stale')).toHaveTextContent('older than 48 hours');
});

it("says the card fees the total includes, and nothing of fees when the contract has none", () => {
  renderWithProviders(<PlanSummary plan={{ ...fuelPlan, feePerPurchase: 1.5, fees: 3 }} />);
  expect(screen.getByTestId('plan-total-cost')).toHaveTextContent('$521.86');
  expect(screen.getByTestId('plan-fees')).toHaveTextContent('Includes $3.00 card fees ($1.50 a purchase)');
  renderWithProviders(<PlanSummary plan={{ ...fuelPlan, feePerPurchase: 0, fees: 0 }} />);
  expect(screen.getAllByTestId('plan-total-cost')).toHaveLength(2);
  expect(screen.getAllByTestId('plan-fees')).toHaveLength(1);
});
