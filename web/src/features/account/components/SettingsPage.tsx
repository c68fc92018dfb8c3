import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/feedback/ComingSoon';

export function SettingsPage() {
  const { t } = useTranslation('account');
  return <ComingSoon title={t('settings.title')} />;
}
