export { FuelCardsPage } from './components/FuelCardsPage';
export { DriverRequests } from './components/DriverRequests';
