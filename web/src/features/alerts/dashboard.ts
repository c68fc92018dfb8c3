// The alerts feature's second public file, for the owner's dashboard (src/app/dashboard-route.tsx)
// only: drivers' open override requests, loaded after the dashboard's first paint.
export { OverrideRequestsPanel } from './components/OverrideRequestsPanel';
export { OverrideDecisionFromUrl } from './components/OverrideDecisionFromUrl';
