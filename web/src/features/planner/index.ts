// Loaded lazily by the router (MapLibre is heavy): keep this index free of other eager exports.
export { PlannerPage } from './components/PlannerPage';
