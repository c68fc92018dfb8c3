import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/feedback/ComingSoon';

/** /transactions (SPEC §2.8). Placeholder: the transactions engineer replaces it. */
export function TransactionsPage() {
  const { t } = useTranslation('transactions');
  return <ComingSoon title={t('title')} />;
}
