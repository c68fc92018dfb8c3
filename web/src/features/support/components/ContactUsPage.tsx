import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/feedback/ComingSoon';

export function ContactUsPage() {
  const { t } = useTranslation('support');
  return <ComingSoon title={t('contact.title')} />;
}
