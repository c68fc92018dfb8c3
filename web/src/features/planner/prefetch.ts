import type { AppThunk } from '@/lib/store';
import { plannerApi } from './api/planner-api';
import { OPENING_SORT } from './model/constants';
import { listSearchFor, OPENING_VIEW } from './model/viewport';

/**
 * Asks for what the planner's first screen shows, beside the page's code (src/app/preload.ts):
 * the opening view's station list (with the arguments the page's first render uses, so that it
 * renders the cards at once) and the chains' and affiliates' names the filters and cards show.
 * Without it each was asked for by the page's first render, and each answer rendered the page again.
 */
export const prefetchPlanner = (): AppThunk => (dispatch) => {
  const { prefetch } = plannerApi.util;
  void dispatch(prefetch('getStations', listSearchFor(OPENING_VIEW, OPENING_SORT.sortBy, OPENING_SORT.direction, []), {}));
  void dispatch(prefetch('getChains', undefined, {}));
  void dispatch(prefetch('getAffiliates', undefined, {}));
};
