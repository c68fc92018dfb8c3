export { DashboardPage, type DashboardPageProps, type PaymentModalComponent } from './components/DashboardPage';
export { prefetchDashboard } from './api/prefetch';
