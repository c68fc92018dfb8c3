import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/feedback/ComingSoon';

export function TermsPage() {
  const { t } = useTranslation('legal');
  return <ComingSoon title={t('terms.title')} />;
}
