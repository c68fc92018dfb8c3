import type { AppThunk } from '@/lib/store';
import { driverRequestsApi } from './driver-requests-api';

/**
 * Asks for the drivers waiting for approval, which the owner's dashboard shows above its tiles
 * (and holds the tiles for): asked for by the section's first render, its answer rendered the
 * page twice more (the call under way, then its answer) before the tiles showed.
 */
export const prefetchDriverRequests = (): AppThunk => (dispatch) => {
  void dispatch(driverRequestsApi.util.prefetch('getDriverRequests', undefined, {}));
};
