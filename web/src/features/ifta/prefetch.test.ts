import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { apiUrl, bookkeeperPermissions, dispatcherPermissions, server } from '@/test/server';
import { prefetchIfta } from './prefetch';

/**
 * Opens /ifta with a stored session whose role may do `permissions`, its first data asked for
 * beside the page as the app's preload does; the returns asked for (in the store and of the server).
 */
async function prefetchAs(permissions: typeof dispatcherPermissions | typeof bookkeeperPermissions) {
  const returns: string[] = [];
  server.use(
    http.get(apiUrl('/account/permissions'), () => HttpResponse.json(permissions)),
    http.get(apiUrl('/wex/company/ifta/returns'), ({ request }) => {
      returns.push(new URL(request.url).search);
      return HttpResponse.json({}, { status: permissions.actions.includes('ifta.read') ? 200 : 403 });
    }),
  );
  const { store } = renderApp('/ifta?year=2026&quarter=3', { session: { token: 't1', refreshToken: 'r1' } });
  await store.dispatch(prefetchIfta('?year=2026&quarter=3'));
  const asked = Object.keys(store.getState().api.queries).filter((key) => key.startsWith('getIftaReturn'));
  return { asked, returns };
}

describe('prefetchIfta', () => {
  it('asks a dispatcher, whose role has no IFTA, for no return: the page says it is not for the role', async () => {
    const { asked, returns } = await prefetchAs(dispatcherPermissions);
    expect(await screen.findByTestId('role-cannot')).toBeInTheDocument();
    expect(asked).toEqual([]);
    expect(returns).toEqual([]);
  });

  it('asks a bookkeeper for the return of the address\'s quarter', async () => {
    const { asked } = await prefetchAs(bookkeeperPermissions);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toContain('"quarter":3');
  });
});
