import type { ComponentType } from 'react';

/** The payment method modal, handed in by the router (features do not import each other). */
export type PaymentModalComponent = ComponentType<{ open: boolean; onClose: () => void }>;
