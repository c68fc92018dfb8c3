// The fuel-cards feature's second public file, for the owner's dashboard (src/app/dashboard-route.tsx)
// only: its driver-requests section. Importing ./index.ts instead would evaluate the fuel-cards
// page with its dialogs and their forms (react-hook-form, zod) on every dashboard's first load.
export { DriverRequests } from './components/DriverRequests';
export { useDriverRequestsSettled } from './components/use-driver-requests-settled';
export { prefetchDriverRequests } from './api/prefetch';
