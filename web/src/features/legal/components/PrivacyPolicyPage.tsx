import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/feedback/ComingSoon';

export function PrivacyPolicyPage() {
  const { t } = useTranslation('legal');
  return <ComingSoon title={t('privacy.title')} />;
}
