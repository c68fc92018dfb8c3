import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ComingSoon } from '@/components/feedback/ComingSoon';

/** /transactions/:transactionId (SPEC §2.8). Placeholder: the transactions engineer replaces it. */
export function TransactionDetailPage() {
  const { t } = useTranslation('transactions');
  const { transactionId } = useParams<{ transactionId: string }>();
  return <ComingSoon title={`${t('detailTitle')} ${transactionId ?? ''}`.trim()} />;
}
