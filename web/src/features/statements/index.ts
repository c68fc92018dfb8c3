export { StatementPage } from './components/StatementPage';
export { StatementsPage } from './components/StatementsPage';
