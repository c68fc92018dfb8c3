export { VehiclesPage } from './components/VehiclesPage';
