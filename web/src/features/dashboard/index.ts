export { DashboardPage, type DashboardPageProps, type PaymentModalComponent } from './components/DashboardPage';
