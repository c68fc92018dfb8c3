// Loaded lazily by the router: pages and the pieces other pages show (dashboard, planner).
export { ActiveTripCard, type ActiveTripCardProps } from './components/ActiveTripCard';
export { useActiveTripSettled } from './components/use-active-trip';
export { CompliancePage } from './components/CompliancePage';
export { SaveTripButton, type PlannedTrip } from './components/SaveTripButton';
export { TripDetailPage } from './components/TripDetailPage';
export { TripsPage } from './components/TripsPage';
