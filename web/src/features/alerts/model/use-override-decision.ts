import { useTranslation } from 'react-i18next';
import { errorMessage, errorStatus } from '@/lib/api';
import { notify } from '@/lib/notifier';
import { useDecideOverrideRequestMutation } from '../api/alerts-api';
import '@/lib/i18n/texts/alerts';

/**
 * Hours an approval unlocks the card for unless the owner picks others: a notification's "Grant 2
 * hours" and the alerts page's and dashboard's default alike (the contract's OverrideApproval default).
 */
export const DEFAULT_GRANT_HOURS = 2;

/**
 * Approves (for hours) or denies a driver's override request and says how it went: the one path
 * of the alerts page's and the dashboard's buttons and of a notification's Grant / Deny. Resolves
 * whether the request was decided.
 */
export function useOverrideDecision() {
  const { t } = useTranslation('alerts');
  const [decide, { isLoading }] = useDecideOverrideRequestMutation();
  const run = async (requestId: number, decision: 'approve' | 'deny', hours?: number, liftsPrompt = false): Promise<boolean> => {
    try {
      const approval = decision === 'approve' ? { ...(hours !== undefined ? { hours } : {}), ...(liftsPrompt ? { liftsPrompt } : {}) } : {};
      const request = await decide({ id: requestId, decision, ...approval }).unwrap();
      const name = request.driverName;
      notify.success(decision === 'approve' ? t('request.approved', { name, count: hours ?? 24 }) : t('request.denied', { name }));
      return true;
    } catch (error) {
      const status = errorStatus(error);
      if (status === 409) notify.error(t('request.alreadyDecided'));
      else if (status === 404) notify.error(t('request.notFound'));
      else notify.error(errorMessage(error, t('request.failed')));
      return false;
    }
  };
  return { run, isLoading };
}
