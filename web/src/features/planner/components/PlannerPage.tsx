import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/feedback/ComingSoon';

interface PlannerPageProps {
  /** /assistant opens the planner with the Smart Route Assistant panel ready (PRODUCT.md). */
  assistant?: boolean;
}

/** /navigation, /wex/locations, /assistant (SPEC §2.7). Placeholder: the planner engineer replaces it. */
export function PlannerPage({ assistant = false }: PlannerPageProps) {
  const { t } = useTranslation('planner');
  return <ComingSoon title={assistant ? t('assistantTitle') : t('title')} />;
}

export default PlannerPage;
