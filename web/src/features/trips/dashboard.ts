// The trips feature's second public file, for the driver's dashboard (src/app/dashboard-route.tsx)
// only: the active trip's card. Importing ./index.ts instead would evaluate the trips pages with
// their forms on every dashboard's first load.
export { ActiveTripCard, type ActiveTripCardProps } from './components/ActiveTripCard';
export { useActiveTripSettled } from './components/use-active-trip';
export { useCardLock } from './components/use-card-lock';
export { prefetchActiveTrip } from './api/prefetch';
