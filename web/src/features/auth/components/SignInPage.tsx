import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/feedback/ComingSoon';

export function SignInPage() {
  const { t } = useTranslation('auth');
  return <ComingSoon title={t('signIn.title')} />;
}
