import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { PLAN_CARD_HEIGHT } from '../model/constants';
import type { FuelPlanEntry } from '../model/types';
import { fuelPlan, fuelPlanWithDetour } from '../test/fixtures';
import { StationCard } from './StationCard';

function renderCard(entry: FuelPlanEntry, withDetour: boolean) {
  const onToggle = vi.fn();
  const view = renderWithProviders(
    <StationCard
      station={entry.location}
      logoUrl=""
      expanded={false}
      onToggle={onToggle}
      height={PLAN_CARD_HEIGHT.collapsed}
      planEntry={entry}
      stopNumber={1}
      withDetour={withDetour}
    />,
  );
  return { ...view, onToggle };
}

describe('StationCard on a plan that counts the detour', () => {
  it('shows the stop\'s net saving after the detour, and the detour in its details', async () => {
    const entry = fuelPlanWithDetour.fuelPlan[0];
    const { rerender, onToggle } = renderCard(entry, true);
    expect(screen.getByTestId('plan-entry-net-saving')).toHaveTextContent('Net saving $37.92 after detour');
    await userEvent.click(screen.getByRole('button', { name: /show details/i }));
    expect(onToggle).toHaveBeenCalledWith(entry.location.locationId);
    rerender(
      <StationCard
        station={entry.location}
        logoUrl=""
        expanded
        onToggle={onToggle}
        height={PLAN_CARD_HEIGHT.expanded}
        planEntry={entry}
        stopNumber={1}
        withDetour
      />,
    );
    const details = screen.getByTestId('station-details');
    expect(within(details).getByText('Detour').nextSibling).toHaveTextContent('2.2 mi · $29.07');
    expect(within(details).getByText('Net saving').nextSibling).toHaveTextContent('$37.92');
  });

  it('says what a stop costs more after its detour when it does', () => {
    renderCard(fuelPlanWithDetour.fuelPlan[1], true);
    expect(screen.getByTestId('plan-entry-net-saving')).toHaveTextContent('Costs $6.98 more after detour');
  });

  it('shows no net saving when the contract counts no detour costs', () => {
    renderCard({ ...fuelPlan.fuelPlan[0], detourMiles: 2.2, detourCost: 0, netSaving: 60 }, false);
    expect(screen.queryByTestId('plan-entry-net-saving')).not.toBeInTheDocument();
    expect(screen.getByTestId('plan-entry-cost')).toHaveTextContent('$390.30');
  });

  it('shows no net saving without the no-plan comparison', () => {
    renderCard({ ...fuelPlanWithDetour.fuelPlan[0], netSaving: null }, true);
    expect(screen.queryByTestId('plan-entry-net-saving')).not.toBeInTheDocument();
  });
});
