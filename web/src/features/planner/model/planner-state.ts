import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { MAP_INITIAL_ZOOM, US_CENTER, ZOOM_AFTER_DEPARTURE, ZOOM_AFTER_LOCATING } from './constants';
import type { PlanFormValues } from './plan-form';
import { detourBasis, type DetourBasis } from './station-net-saving';
import type { DrivingRoute, FuelPlan, Place, RoutePoint } from './types';

export interface PlaceField {
  text: string;
  place: Place | null;
}

/** A request for the map to move there (seq makes a repeated request distinct). */
export interface MapFocus {
  point: RoutePoint;
  zoom: number;
  seq: number;
}

/**
 * The planner screen's state (docs/product.md §4): no route → route built (near-route stations) →
 * best plan shown. Server data (stations, chains) lives in the RTK Query cache; this
 * holds what the user did and what the route/plan calls answered.
 */
export interface PlannerState {
  departure: PlaceField;
  destination: PlaceField;
  routes: DrivingRoute[];
  /** Counts successful builds: with the alternative index it names a route for caches. */
  routeBuild: number;
  selectedRouteIndex: number;
  /** The route request in flight, if any (answers of older requests are dropped). */
  pendingRouteRequest: number | null;
  routeRequests: number;
  /** The assistant's inputs while a plan is shown; null when none is. */
  planValues: PlanFormValues | null;
  /** Plans by route index for the current build and planValues. */
  plans: Record<number, FuelPlan>;
  /** Route indexes a plan was already requested for (a plan is computed once per route index). */
  planAttempts: number[];
  planError: string | null;
  /**
   * Set by 'Show All Near Route' when the dropped plan weighed the contract's detour costs: the
   * near-route cards show each station's net saving after the detour (station-net-saving.ts).
   * Dropped with the route, another alternative or a new plan.
   */
  detourBasis: DetourBasis | null;
  /** Expanded station cards (several may be open). */
  expanded: number[];
  /** The card to scroll to after a badge click. */
  revealed: { locationId: number; seq: number } | null;
  focus: MapFocus | null;
  seq: number;
}

export const initialPlannerState: PlannerState = {
  departure: { text: '', place: null },
  destination: { text: '', place: null },
  routes: [],
  routeBuild: 0,
  selectedRouteIndex: 0,
  pendingRouteRequest: null,
  routeRequests: 0,
  planValues: null,
  plans: {},
  planAttempts: [],
  planError: null,
  detourBasis: null,
  expanded: [],
  revealed: null,
  focus: null,
  seq: 0,
};

type Which = 'departure' | 'destination';

function resetPlan(state: PlannerState) {
  state.detourBasis = null;
  state.planValues = null;
  state.plans = {};
  state.planAttempts = [];
  state.planError = null;
}

export const plannerSlice = createSlice({
  name: 'planner',
  initialState: initialPlannerState,
  reducers: {
    placeTyped(state, action: PayloadAction<{ which: Which; text: string }>) {
      const field = state[action.payload.which];
      field.text = action.payload.text;
      if (field.place && field.place.label !== action.payload.text) field.place = null;
    },
    placePicked(state, action: PayloadAction<{ which: Which; place: Place }>) {
      const { which, place } = action.payload;
      state[which] = { text: place.label, place };
      if (which === 'departure') {
        state.seq += 1;
        state.focus = { point: place, zoom: ZOOM_AFTER_DEPARTURE, seq: state.seq };
      }
    },
    /** Browser geolocation found the user (label from reverse geocoding). */
    located(state, action: PayloadAction<Place>) {
      state.departure = { text: action.payload.label, place: action.payload };
      state.seq += 1;
      state.focus = { point: action.payload, zoom: ZOOM_AFTER_LOCATING, seq: state.seq };
    },
    /** Centre the map on a point (the active trip's next stop). */
    focusRequested(state, action: PayloadAction<RoutePoint>) {
      state.seq += 1;
      state.focus = { point: action.payload, zoom: ZOOM_AFTER_LOCATING, seq: state.seq };
    },
    routeRequested(state) {
      state.routeRequests += 1;
      state.pendingRouteRequest = state.routeRequests;
    },
    routesReceived(state, action: PayloadAction<{ request: number; routes: DrivingRoute[] }>) {
      if (state.pendingRouteRequest !== action.payload.request) return;
      state.pendingRouteRequest = null;
      state.routes = action.payload.routes;
      state.routeBuild += 1;
      state.selectedRouteIndex = 0;
      state.expanded = [];
      state.revealed = null;
      resetPlan(state);
    },
    routeFailed(state, action: PayloadAction<{ request: number }>) {
      if (state.pendingRouteRequest === action.payload.request) state.pendingRouteRequest = null;
    },
    routeSelected(state, action: PayloadAction<number>) {
      if (action.payload < 0 || action.payload >= state.routes.length) return;
      state.selectedRouteIndex = action.payload;
      state.planError = null;
      state.detourBasis = null;
      state.expanded = [];
    },
    /** The assistant form was submitted for the selected route: earlier plans no longer apply. */
    planRequested(state, action: PayloadAction<PlanFormValues>) {
      state.detourBasis = null;
      state.planValues = action.payload;
      state.plans = {};
      state.planAttempts = [state.selectedRouteIndex];
      state.planError = null;
    },
    /** Another alternative was selected while a plan was shown. */
    planRecomputeRequested(state, action: PayloadAction<number>) {
      if (!state.planAttempts.includes(action.payload)) state.planAttempts.push(action.payload);
      state.planError = null;
    },
    planReceived(state, action: PayloadAction<{ routeBuild: number; routeIndex: number; plan: FuelPlan }>) {
      if (action.payload.routeBuild !== state.routeBuild || !state.planValues) return;
      state.plans[action.payload.routeIndex] = action.payload.plan;
      state.expanded = [];
    },
    planFailed(state, action: PayloadAction<{ routeBuild: number; message: string }>) {
      if (action.payload.routeBuild !== state.routeBuild) return;
      state.planError = action.payload.message;
    },
    /** 'Show All Near Route': the plan goes; its detour basis stays for the near-route cards. */
    planCleared(state) {
      const plan = selectCurrentPlan(state);
      resetPlan(state);
      state.detourBasis = plan ? detourBasis(plan) : null;
      state.expanded = [];
    },
    planErrorDismissed(state) {
      state.planError = null;
    },
    /** 'Clear Route': directions, route points, form, results, both inputs and coordinates. */
    routeCleared(state) {
      // The map goes back to its initial view of the whole country.
      const seq = state.seq + 1;
      return { ...initialPlannerState, routeRequests: state.routeRequests, seq, focus: { point: US_CENTER, zoom: MAP_INITIAL_ZOOM, seq } };
    },
    stationToggled(state, action: PayloadAction<number>) {
      const at = state.expanded.indexOf(action.payload);
      if (at >= 0) state.expanded.splice(at, 1);
      else state.expanded.push(action.payload);
    },
    /** A badge on the map was clicked: expand that card and scroll to it. */
    stationRevealed(state, action: PayloadAction<number>) {
      if (!state.expanded.includes(action.payload)) state.expanded.push(action.payload);
      state.seq += 1;
      state.revealed = { locationId: action.payload, seq: state.seq };
    },
  },
});

export const plannerActions = plannerSlice.actions;
export const plannerReducer = plannerSlice.reducer;

/** The plan for the selected route, when one is shown. */
export const selectCurrentPlan = (state: PlannerState): FuelPlan | undefined =>
  state.planValues ? state.plans[state.selectedRouteIndex] : undefined;

export const selectRouteActive = (state: PlannerState): boolean => state.routes.length > 0;

/** Build Route needs both places and no calculation in progress (docs/product.md §5); not the map. */
export const selectCanBuildRoute = (state: PlannerState): boolean =>
  Boolean(state.departure.place && state.destination.place) && state.pendingRouteRequest === null;
