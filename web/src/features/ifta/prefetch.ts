import { authApi } from '@/lib/auth/auth-api';
import type { AppThunk } from '@/lib/store';
import { iftaApi } from './api/ifta-api';
import { periodFromSearch } from './model/quarter';

/**
 * Asks for what the IFTA page's first screen shows, beside the page's code: the return of the
 * address's period (with the page's own arguments, so its query shares the request) once the
 * permissions its route's guard waits for allow reading it. Without it the return was asked for
 * only once the code had loaded, the guard's permissions had answered and the page had rendered;
 * asked for before the permissions answered, a role without IFTA (a dispatcher) was refused it
 * while the page said it is not available for the role. Permissions that fail to load leave the
 * page to the guard, which then shows it: the return is asked for as the page would.
 */
export const prefetchIfta =
  (search: string): AppThunk<Promise<void>> =>
  async (dispatch) => {
    const { data } = await dispatch(authApi.endpoints.getPermissions.initiate(undefined, { subscribe: false }));
    if (data && !data.actions.includes('ifta.read')) return;
    void dispatch(iftaApi.util.prefetch('getIftaReturn', periodFromSearch(new URLSearchParams(search)), {}));
  };
