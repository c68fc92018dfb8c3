import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/feedback/ComingSoon';

export function SignUpPage() {
  const { t } = useTranslation('auth');
  return <ComingSoon title={t('signUp.title')} />;
}
