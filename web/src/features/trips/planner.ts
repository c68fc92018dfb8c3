// The trips feature's public file for the planner (src/app/router.tsx): the driver's active trip
// and "Save as trip". Importing ./index.ts instead would load and evaluate the trips pages with
// their tables and forms before the planner's first screen.
import { createElement, lazy, Suspense } from 'react';
import type { PlannedTrip } from './components/SaveTripButton';

export { ActiveTripCard, type ActiveTripCardProps } from './components/ActiveTripCard';
export type { PlannedTrip };

// "Save as trip" shows under a computed plan only: its code (the dialog, its form) is not part of
// the planner's first screen. The planner asks for it (preload) once its form is first used.
const loadSaveTripButton = () => import('./components/SaveTripButton');
const LazySaveTripButton = lazy(async () => ({ default: (await loadSaveTripButton()).SaveTripButton }));

/** "Save as trip" for a computed plan; its code loads on first use or `preload`. */
export function SaveTripButton(props: { planned: PlannedTrip }) {
  return createElement(Suspense, { fallback: null }, createElement(LazySaveTripButton, props));
}
SaveTripButton.preload = () => void loadSaveTripButton().catch(() => undefined);
