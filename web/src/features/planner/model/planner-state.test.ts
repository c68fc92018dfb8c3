import { describe, expect, it } from 'vitest';
import { alternativePlan, dallas, fuelPlan, fuelPlanWithDetour, oklahomaCity, routes } from '../test/fixtures';
import { detourBasis } from './station-net-saving';
import {
  initialPlannerState,
  plannerActions as actions,
  plannerReducer,
  selectCanBuildRoute,
  selectCurrentPlan,
  selectRouteActive,
  type PlannerState,
} from './planner-state';

const values = { tankCapacity: 200, currentFuel: 40, searchRadius: 5, minGallonsPurchase: 5 };

function run(...list: Parameters<typeof plannerReducer>[1][]): PlannerState {
  return list.reduce(plannerReducer, initialPlannerState);
}

const withRoute = () =>
  run(
    actions.placePicked({ which: 'departure', place: dallas }),
    actions.placePicked({ which: 'destination', place: oklahomaCity }),
    actions.routeRequested(),
    actions.routesReceived({ request: 1, routes }),
  );

describe('planner state', () => {
  it('starts with no route and nothing to build', () => {
    expect(selectRouteActive(initialPlannerState)).toBe(false);
    expect(selectCanBuildRoute(initialPlannerState)).toBe(false);
  });

  it('needs both places and no calculation to build a route', () => {
    const departure = run(actions.placePicked({ which: 'departure', place: dallas }));
    expect(selectCanBuildRoute(departure)).toBe(false);
    const both = plannerReducer(departure, actions.placePicked({ which: 'destination', place: oklahomaCity }));
    expect(selectCanBuildRoute(both)).toBe(true);
    expect(selectCanBuildRoute(plannerReducer(both, actions.routeRequested()))).toBe(false);
  });

  it('forgets a picked place when its text is edited', () => {
    const state = run(actions.placePicked({ which: 'departure', place: dallas }), actions.placeTyped({ which: 'departure', text: 'Dalla' }));
    expect(state.departure).toEqual({ text: 'Dalla', place: null });
  });

  it('focuses the map at zoom 11 on a picked departure and at zoom 12 on the located one', () => {
    expect(run(actions.placePicked({ which: 'departure', place: dallas })).focus).toMatchObject({ zoom: 11, point: dallas });
    expect(run(actions.placePicked({ which: 'destination', place: dallas })).focus).toBeNull();
    const located = run(actions.located({ ...dallas, label: 'Dallas, TX' }));
    expect(located.focus).toMatchObject({ zoom: 12 });
    expect(located.departure.text).toBe('Dallas, TX');
  });

  it('shows the routes of the latest request, the first one selected', () => {
    const state = withRoute();
    expect(selectRouteActive(state)).toBe(true);
    expect(state.selectedRouteIndex).toBe(0);
    expect(state.routeBuild).toBe(1);
    expect(state.pendingRouteRequest).toBeNull();
  });

  it('drops the answer of a route request made before Clear Route', () => {
    const state = run(actions.routeRequested(), actions.routeCleared(), actions.routesReceived({ request: 1, routes }));
    expect(state.routes).toEqual([]);
  });

  it('shows a plan for the route it was computed for, and none after Show All Near Route', () => {
    let state = plannerReducer(withRoute(), actions.planRequested(values));
    state = plannerReducer(state, actions.planReceived({ routeBuild: 1, routeIndex: 0, plan: fuelPlan }));
    expect(selectCurrentPlan(state)).toBe(fuelPlan);
    state = plannerReducer(state, actions.routeSelected(1));
    expect(selectCurrentPlan(state)).toBeUndefined();
    state = plannerReducer(state, actions.planRecomputeRequested(1));
    state = plannerReducer(state, actions.planReceived({ routeBuild: 1, routeIndex: 1, plan: alternativePlan }));
    expect(selectCurrentPlan(state)).toBe(alternativePlan);
    expect(state.planAttempts).toEqual([0, 1]);
    state = plannerReducer(state, actions.routeSelected(0));
    expect(selectCurrentPlan(state)).toBe(fuelPlan);
    state = plannerReducer(state, actions.planCleared());
    expect(selectCurrentPlan(state)).toBeUndefined();
    expect(state.planAttempts).toEqual([]);
  });

  it("keeps a detour-weighing plan's basis for the near-route cards after Show All Near Route, until the route, alternative or plan changes", () => {
    const shown = () => {
      const state = plannerReducer(withRoute(), actions.planRequested(values));
      return plannerReducer(state, actions.planReceived({ routeBuild: 1, routeIndex: 0, plan: fuelPlanWithDetour }));
    };
    expect(shown().detourBasis).toBeNull(); // the plan cards show the plan's own figures
    const cleared = plannerReducer(shown(), actions.planCleared());
    expect(selectCurrentPlan(cleared)).toBeUndefined();
    expect(cleared.detourBasis).toEqual(detourBasis(fuelPlanWithDetour));
    expect(plannerReducer(cleared, actions.routeSelected(1)).detourBasis).toBeNull();
    expect(plannerReducer(cleared, actions.planRequested(values)).detourBasis).toBeNull();
    expect(plannerReducer(cleared, actions.routeCleared()).detourBasis).toBeNull();
    expect(plannerReducer(plannerReducer(cleared, actions.routeRequested()), actions.routesReceived({ request: 2, routes })).detourBasis).toBeNull();
    // A plan without detour costs leaves none.
    let plain = plannerReducer(withRoute(), actions.planRequested(values));
    plain = plannerReducer(plain, actions.planReceived({ routeBuild: 1, routeIndex: 0, plan: fuelPlan }));
    expect(plannerReducer(plain, actions.planCleared()).detourBasis).toBeNull();
  });

  it('ignores a plan answered for an earlier build', () => {
    let state = plannerReducer(withRoute(), actions.planRequested(values));
    state = plannerReducer(state, actions.routeRequested());
    state = plannerReducer(state, actions.routesReceived({ request: 2, routes }));
    state = plannerReducer(state, actions.planReceived({ routeBuild: 1, routeIndex: 0, plan: fuelPlan }));
    expect(state.plans).toEqual({});
  });

  it('keeps the plan error until the next request or route switch', () => {
    let state = plannerReducer(withRoute(), actions.planRequested(values));
    state = plannerReducer(state, actions.planFailed({ routeBuild: 1, message: 'No station within range' }));
    expect(state.planError).toBe('No station within range');
    expect(plannerReducer(state, actions.routeSelected(1)).planError).toBeNull();
    expect(plannerReducer(state, actions.planRequested(values)).planError).toBeNull();
  });

  it('resets route, plan, inputs and coordinates on Clear Route', () => {
    let state = plannerReducer(withRoute(), actions.planRequested(values));
    state = plannerReducer(state, actions.planReceived({ routeBuild: 1, routeIndex: 0, plan: fuelPlan }));
    state = plannerReducer(state, actions.stationToggled(2001));
    const cleared = plannerReducer(state, actions.routeCleared());
    expect(cleared.routes).toEqual([]);
    expect(cleared.departure).toEqual({ text: '', place: null });
    expect(cleared.destination).toEqual({ text: '', place: null });
    expect(cleared.planValues).toBeNull();
    expect(cleared.plans).toEqual({});
    expect(cleared.expanded).toEqual([]);
    expect(cleared.focus).toMatchObject({ zoom: 4 });
  });

  it('opens several cards and closes them again', () => {
    const state = run(actions.stationToggled(1), actions.stationToggled(2), actions.stationToggled(1));
    expect(state.expanded).toEqual([2]);
  });

  it('expands a revealed card without closing it when already open', () => {
    const state = run(actions.stationToggled(7), actions.stationRevealed(7), actions.stationRevealed(8));
    expect(state.expanded).toEqual([7, 8]);
    expect(state.revealed).toMatchObject({ locationId: 8 });
  });

  it('ignores selecting a route that does not exist', () => {
    expect(plannerReducer(withRoute(), actions.routeSelected(5)).selectedRouteIndex).toBe(0);
  });
});
