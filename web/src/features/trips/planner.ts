// The trips feature's public file for the planner (src/app/router.tsx): the driver's active trip
// and "Save as trip". Importing ./index.ts instead would load and evaluate the trips pages with
// their tables and forms before the planner's first screen.
export { ActiveTripCard, type ActiveTripCardProps } from './components/ActiveTripCard';
export { SaveTripButton, type PlannedTrip } from './components/SaveTripButton';
