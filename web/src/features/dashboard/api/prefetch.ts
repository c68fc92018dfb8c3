import type { Action, RoleCode } from '@/lib/auth';
import type { AppThunk } from '@/lib/store';
import { COMPANY_DEFAULT_PERIOD, SPENDINGS_DEFAULT_PERIOD, periodDays } from '../model/savings-periods';
import { dashboardApi } from './dashboard-api';
import { pumpChallengesApi } from './pump-challenges-api';

/**
 * Asks for the data the role's dashboard shows first, with the arguments its tiles use, so
 * that a cold start has it on the way while the page's code and the account load (the tiles'
 * own queries then share these requests or their answers). An office member's calls are the
 * ones `may` allows (the member's permissions, or everything for an owner of the whole company):
 * a dispatcher asked for the wallet, or a bookkeeper for the driver requests, was refused.
 */
export const prefetchDashboard =
  (role: RoleCode, may: (action: Action) => boolean = () => true): AppThunk =>
  (dispatch) => {
    const { prefetch } = dashboardApi.util;
    if (role === 'ROLE_COMPANY') {
      const lastDays = periodDays(COMPANY_DEFAULT_PERIOD);
      if (may('wallet.read')) void dispatch(prefetch('getCompanyWallet', undefined, {}));
      if (may('contract.read')) void dispatch(prefetch('getCompanyContract', undefined, {}));
      if (may('transactions.read')) void dispatch(prefetch('getTotalSpendings', { role, lastDays }, {}));
      if (may('cards.read')) void dispatch(prefetch('getDashboardCards', undefined, {}));
      void dispatch(prefetch('getDashboardConfig', undefined, {}));
      if (may('wallet.read')) void dispatch(prefetch('getLowBalance', undefined, {}));
      if (may('ifta.read')) void dispatch(prefetch('getIftaSummary', undefined, {}));
      if (may('transactions.read')) void dispatch(prefetch('getRecentTransactions', { role }, {}));
      return;
    }
    void dispatch(prefetch('getTotalSpendings', { role: 'ROLE_USER', lastDays: periodDays(SPENDINGS_DEFAULT_PERIOD) }, {}));
    // The driver's first screen also shows the pump check's open questions and the purchases
    // missing a job: asked for when their tiles first rendered, each answer rendered them again.
    void dispatch(pumpChallengesApi.util.prefetch('getPumpChallenges', undefined, {}));
    void dispatch(prefetch('getMissingJobCount', 'ROLE_USER', {}));
    void dispatch(prefetch('getRecentTransactions', { role }, {}));
  };
