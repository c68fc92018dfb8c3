export { IntegrationsPage } from './components/IntegrationsPage';
