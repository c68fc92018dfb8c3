export { FuelCardsPage } from './components/FuelCardsPage';
