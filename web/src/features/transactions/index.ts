export { TransactionDetailPage } from './components/TransactionDetailPage';
export { TransactionsPage } from './components/TransactionsPage';
