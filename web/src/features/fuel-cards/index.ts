export { FuelCardsPage } from './components/FuelCardsPage';
export { DriverRequests } from './components/DriverRequests';
export { useDriverRequestsSettled } from './components/use-driver-requests-settled';
