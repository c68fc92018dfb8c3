import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/feedback/ComingSoon';

export function AccountPage() {
  const { t } = useTranslation('account');
  return <ComingSoon title={t('account.title')} />;
}
