import type { AppThunk } from '@/lib/store';
import { transactionsApi } from './transactions-api';

/**
 * Asks for what the driver's card panel (MyCardPanel) shows first: the card's rules and the
 * newest purchases, where it looks for the latest decline, with the arguments its queries use.
 */
export const prefetchMyCard = (): AppThunk => (dispatch) => {
  void dispatch(transactionsApi.util.prefetch('getDriverCard', undefined, {}));
  void dispatch(transactionsApi.endpoints.getTransactions.initiate({ scope: 'driver' }, { subscribe: false }));
};
