export { PaymentMethodModal, type PaymentMethodModalProps } from './components/PaymentMethodModal';
