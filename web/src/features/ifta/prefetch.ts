import { authApi } from '@/lib/auth/auth-api';
import type { AppThunk } from '@/lib/store';
import { iftaApi } from './api/ifta-api';
import { periodFromSearch } from './model/quarter';

/**
 * Asks for what the IFTA page's first screen shows, beside the page's code: the return of the
 * address's period (with the page's own arguments, so its query shares the request) and the
 * permissions its route's guard waits for. Without it the return was asked for only once the
 * code had loaded, the guard's permissions had answered and the page had rendered.
 */
export const prefetchIfta =
  (search: string): AppThunk =>
  (dispatch) => {
    void dispatch(authApi.util.prefetch('getPermissions', undefined, {}));
    void dispatch(iftaApi.util.prefetch('getIftaReturn', periodFromSearch(new URLSearchParams(search)), {}));
  };
