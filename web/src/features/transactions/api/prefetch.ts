import type { AppThunk } from '@/lib/store';
import { transactionsApi } from './transactions-api';

/**
 * Asks for what the driver's card panel (MyCardPanel) shows first: the card's rules. Not the
 * newest purchases, where it looks for the latest decline: their list drops an entry as soon as
 * nothing uses it (keepUnusedDataFor 0), so a page asked for ahead was gone before the panel
 * subscribed, asked for a second time, and its removal landed during the page's first render
 * (which React then redid in one blocking task). public/boot.js makes that call early; the
 * panel's query takes its answer.
 */
export const prefetchMyCard = (): AppThunk => (dispatch) => {
  void dispatch(transactionsApi.util.prefetch('getDriverCard', undefined, {}));
};
