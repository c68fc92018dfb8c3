export { PaymentMethodModal, PAYMENT_MODAL_MAX_HEIGHT, type PaymentMethodModalProps } from './components/PaymentMethodModal';
export { paymentsSlice, setupIntentsCleared } from './api/setup-intents';
