import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { CARD_HEIGHT, PLAN_CARD_HEIGHT } from '../model/constants';
import { detourBasis } from '../model/station-net-saving';
import type { FuelPlanEntry, Station } from '../model/types';
import { fuelPlan, fuelPlanWithDetour, nearRouteStations } from '../test/fixtures';
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

describe('StationCard near the route after a plan that counts the detour', () => {
  const basis = detourBasis(fuelPlanWithDetour)!;

  function renderNearRoute(station: Station, expanded = false, withBasis = true) {
    return renderWithProviders(
      <StationCard
        station={station}
        logoUrl=""
        expanded={expanded}
        onToggle={vi.fn()}
        height={CARD_HEIGHT.collapsed}
        detourBasis={withBasis ? basis : undefined}
      />,
    );
  }

  it("says what a stop off the plan costs more after its detour, on the plan's average stop", () => {
    // 28¢ off × 80.25 gal = $22.47 against 2 × 0.4 mi × $1.85 + $25 = $26.48.
    renderNearRoute(nearRouteStations[0], true);
    expect(screen.getByTestId('station-net-saving')).toHaveTextContent('Costs $4.01 more after detour');
    const details = screen.getByTestId('station-details');
    expect(within(details).getByText('Net saving').nextSibling).toHaveTextContent('-$4.01');
    expect(within(details).getByText('Net saving counted on').nextSibling).toHaveTextContent('80.3 gal (the plan’s average stop)');
    expect(within(details).getByText('Detour').nextSibling).toHaveTextContent('0.8 mi · $26.48');
  });

  it("counts a planned station's own gallons, and says when it saves", () => {
    // 26¢ × 120.5 gal = $31.33 against 2.2 mi × $1.85 + $25 = $29.07.
    renderNearRoute(nearRouteStations[2], true);
    expect(screen.getByTestId('station-net-saving')).toHaveTextContent('Net saving $2.26 after detour');
    expect(within(screen.getByTestId('station-details')).getByText('Net saving counted on').nextSibling).toHaveTextContent('120.5 gal (as planned)');
  });

  it('shows no net saving without a plan that counted detour costs', () => {
    renderNearRoute(nearRouteStations[0], true, false);
    expect(screen.queryByTestId('station-net-saving')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('station-details')).queryByText('Net saving')).not.toBeInTheDocument();
  });
});
