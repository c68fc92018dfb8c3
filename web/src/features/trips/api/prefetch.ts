import type { AppThunk } from '@/lib/store';
import { tripsApi } from './trips-api';

/**
 * Asks for the driver's active trip and then its detail (the stops already made), which the
 * driver's dashboard shows above its tiles (and holds the tiles for): asked for by the card's
 * first render, each answer rendered the page again before the tiles showed.
 */
export const prefetchActiveTrip = (): AppThunk<Promise<void>> => async (dispatch) => {
  const active = await dispatch(tripsApi.endpoints.getActiveTrip.initiate(undefined, { subscribe: false }));
  if (active.data) void dispatch(tripsApi.util.prefetch('getTrip', active.data.id, {}));
};
