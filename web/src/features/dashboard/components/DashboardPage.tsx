import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/feedback/ComingSoon';

/** The payment method modal, handed in by the router (features do not import each other). */
export type PaymentModalComponent = ComponentType<{ open: boolean; onClose: () => void }>;

export interface DashboardPageProps {
  /** Opened by the wallet's Add Funds / Pay Invoice button (SPEC §2.6). */
  PaymentMethodModal: PaymentModalComponent;
}

/** /dashboard (SPEC §2.6). Placeholder: the dashboard engineer replaces it. */
export function DashboardPage(_props: DashboardPageProps) {
  const { t } = useTranslation('dashboard');
  return <ComingSoon title={t('title')} />;
}
