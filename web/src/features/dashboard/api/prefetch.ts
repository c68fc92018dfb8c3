import type { RoleCode } from '@/lib/auth';
import type { AppThunk } from '@/lib/store';
import { COMPANY_DEFAULT_PERIOD, SPENDINGS_DEFAULT_PERIOD, periodDays } from '../model/savings-periods';
import { dashboardApi } from './dashboard-api';
import { pumpChallengesApi } from './pump-challenges-api';

/**
 * Asks for the data the role's dashboard shows first, with the arguments its tiles use, so
 * that a cold start has it on the way while the page's code and the account load (the tiles'
 * own queries then share these requests or their answers).
 */
export const prefetchDashboard =
  (role: RoleCode): AppThunk =>
  (dispatch) => {
    const { prefetch } = dashboardApi.util;
    if (role === 'ROLE_COMPANY') {
      const lastDays = periodDays(COMPANY_DEFAULT_PERIOD);
      void dispatch(prefetch('getCompanyWallet', undefined, {}));
      void dispatch(prefetch('getCompanyContract', undefined, {}));
      void dispatch(prefetch('getTotalSpendings', { role, lastDays }, {}));
      void dispatch(prefetch('getDashboardCards', undefined, {}));
      void dispatch(prefetch('getDashboardConfig', undefined, {}));
      void dispatch(prefetch('getLowBalance', undefined, {}));
      void dispatch(prefetch('getIftaSummary', undefined, {}));
    } else {
      void dispatch(prefetch('getTotalSpendings', { role: 'ROLE_USER', lastDays: periodDays(SPENDINGS_DEFAULT_PERIOD) }, {}));
      // The driver's first screen also shows the pump check's open questions and the purchases
      // missing a job: asked for when their tiles first rendered, each answer rendered them again.
      void dispatch(pumpChallengesApi.util.prefetch('getPumpChallenges', undefined, {}));
      void dispatch(prefetch('getMissingJobCount', 'ROLE_USER', {}));
    }
    void dispatch(prefetch('getRecentTransactions', { role }, {}));
  };
