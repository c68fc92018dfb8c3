import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/feedback/ComingSoon';

/** /fuel-cards, company role only (SPEC §2.10). Placeholder: the fuel-cards engineer replaces it. */
export function FuelCardsPage() {
  const { t } = useTranslation('fuelCards');
  return <ComingSoon title={t('title')} />;
}
