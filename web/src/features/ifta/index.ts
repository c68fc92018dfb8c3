// Loaded lazily by the router.
export { IftaPage } from './components/IftaPage';
