import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/feedback/ComingSoon';

export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  return <ComingSoon title={t('forgotPassword.title')} />;
}
