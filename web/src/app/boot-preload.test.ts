import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import bootScript from '../../public/boot.js?raw';
/* eslint-disable no-restricted-imports -- boot.js's calls are compared with the features' own endpoints and arguments */
import { alertsApi } from '@/features/alerts/api/alerts-api';
import { notificationsApi } from '@/features/notifications/api/notifications-api';
import { plannerApi } from '@/features/planner/api/planner-api';
import { prefetchPlanner } from '@/features/planner/prefetch';
import { transactionsApi } from '@/features/transactions/api/transactions-api';
import { defaultFilters, toQuery } from '@/features/transactions/model/transaction-filters';
import { tripsApi } from '@/features/trips/api/trips-api';
/* eslint-enable no-restricted-imports */
import { authApi } from '@/lib/auth/auth-api';
import { apiUrl, bookkeeperPermissions, dispatcherPermissions, limitedToGroup, ownerPermissions, server } from '@/test/server';
import { DashboardPage } from './dashboard-route';
import { sessionHint } from './role-hint';
import { makeStore } from './store';
import { bootCallsDone } from '@/test/boot-calls';

// public/boot.js asks for a stored session's first calls before the app loads: they must be
// the very calls (URL and headers) the app's queries then make, or nobody takes them.
const jwt = (claims: Member['claims']) => `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sid: 's', ...claims })).replace(/=+$/, '')}.signature`;

/** A signed-in member: the access token's claims (http/token.go) and GET /api/account/permissions' answer. */
interface Member {
  claims: { role: 'ROLE_COMPANY' | 'ROLE_USER'; mrole: string; gid?: number; card?: number };
  permissions: { role: string; groupId: number | null; actions: string[]; withheldByGroup: string[] };
}
const driverPermissions = { role: 'driver', groupId: null, actions: ['stations.read', 'trips.read', 'trips.write', 'cards.reveal', 'driver.self'], withheldByGroup: [] };
const members: Record<string, Member> = {
  owner: { claims: { role: 'ROLE_COMPANY', mrole: 'owner' }, permissions: ownerPermissions },
  driver: { claims: { role: 'ROLE_USER', mrole: 'driver', card: 7 }, permissions: driverPermissions },
  dispatcher: { claims: { role: 'ROLE_COMPANY', mrole: 'dispatcher' }, permissions: dispatcherPermissions },
  bookkeeper: { claims: { role: 'ROLE_COMPANY', mrole: 'bookkeeper' }, permissions: bookkeeperPermissions },
  'bookkeeper of a group': {
    claims: { role: 'ROLE_COMPANY', mrole: 'bookkeeper', gid: 3 },
    // A member limited to a group has no company-wide action (permissions.go ActionsOf): a bookkeeper keeps no IFTA return.
    permissions: limitedToGroup(bookkeeperPermissions, 3),
  },
  'driver waiting for approval': { claims: { role: 'ROLE_USER', mrole: 'driver' }, permissions: driverPermissions },
};

/** Each preloaded call's action (http/routes.go), '' for a call every signed-in member may make. */
const actionOf: [RegExp, string][] = [
  [/\/api\/account(\/permissions)?$/, ''],
  [/\/api\/config$/, ''],
  [/\/api\/notifications\?/, ''],
  [/\/api\/wex\/company\/(wallet|wallet\/low-balance)$/, 'wallet.read'],
  [/\/api\/wex\/company\/contract$/, 'contract.read'],
  [/\/api\/wex\/company\/(total-spendings|transactions)\?/, 'transactions.read'],
  [/\/api\/wex\/company\/get-cards$/, 'cards.read'],
  [/\/api\/wex\/company\/ifta\/summary$/, 'ifta.read'],
  [/\/api\/wex\/company\/driver-requests$/, 'drivers.approve'],
  [/\/api\/wex\/company\/alerts\?/, 'alerts.read'],
  [/\/api\/(wex\/(total-spendings|transactions|challenges)\?|wex\/card$|wex\/challenges$)/, 'driver.self'],
  [/\/api\/trips\?/, 'trips.read'],
  [/\/api\/locations/, 'stations.read'],
];

/** The calls boot.js makes for a stored session opening `path`, after its first frame. */
async function bootCalls(path: string, member: Member) {
  localStorage.setItem('token', jwt(member.claims));
  window.history.replaceState(null, '', path);
  const fetch = vi
    .spyOn(window, 'fetch')
    .mockImplementation((url) => Promise.resolve(Response.json(String(url).endsWith('/account/permissions') ? member.permissions : { content: [] })));
  try {
    new Function(bootScript)();
    await bootCallsDone();
    // An office member's calls but an owner's of the whole company follow the permissions' answer.
    const asked = member.claims.role === 'ROLE_COMPANY' && (member.claims.mrole !== 'owner' || member.claims.gid !== undefined);
    if (asked && path === '/dashboard') await vi.waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThan(2));
    return fetch.mock.calls.map(([url, init]) => {
      const headers = new Headers(init?.headers);
      return `${String(url)} ${headers.get('Accept')} ${headers.get('Authorization')}`;
    });
  } finally {
    fetch.mockRestore();
  }
}

/** The calls the app makes for the page's first render (its tiles' or list's queries). */
async function appCalls(member: Member, page: 'dashboard' | 'transactions' | 'navigation') {
  const seen: string[] = [];
  server.use(
    http.get(apiUrl('/*'), ({ request }) => {
      seen.push(`${request.url} ${request.headers.get('Accept')} ${request.headers.get('Authorization')}`);
      if (request.url.endsWith('/account/permissions')) return HttpResponse.json(member.permissions);
      return HttpResponse.json(request.url.includes('/compliance') ? [] : { content: [], unreadCount: 0 });
    }),
  );
  const token = jwt(member.claims);
  localStorage.setItem('token', token);
  const store = makeStore();
  const owner = member.claims.role === 'ROLE_COMPANY';
  const requests: Promise<unknown>[] = [store.dispatch(authApi.endpoints.getAccount.initiate()), store.dispatch(authApi.endpoints.getPermissions.initiate())];
  if (page === 'dashboard') {
    // The role's dashboard route's preload (src/app/dashboard-route.tsx) with the token's hint.
    requests.push(DashboardPage.preload(sessionHint(token), store.dispatch));
    if (sessionHint(token).access === 'driver') {
      requests.push(store.dispatch(tripsApi.endpoints.getActiveTrip.initiate(undefined, { subscribe: false })).unwrap().catch(() => null));
      // The card panel's newest purchases, asked for once it renders (src/features/transactions/api/prefetch.ts).
      requests.push(store.dispatch(transactionsApi.endpoints.getTransactions.initiate({ scope: 'driver' })));
    }
  } else if (page === 'navigation') {
    // The planner's list of the map's opening view, sorted as it opens, and its chains' and affiliates' names.
    store.dispatch(prefetchPlanner());
    requests.push(...store.dispatch(plannerApi.util.getRunningQueriesThunk()));
  } else {
    requests.push(store.dispatch(transactionsApi.endpoints.getTransactions.initiate(toQuery(owner ? 'company' : 'driver', defaultFilters()))));
    if (owner) requests.push(store.dispatch(transactionsApi.endpoints.getTransactionCardOptions.initiate()));
  }
  if (owner) requests.push(store.dispatch(alertsApi.endpoints.getUnreadAlertCount.initiate()));
  else if (sessionHint(token).access !== 'none') requests.push(store.dispatch(notificationsApi.endpoints.getUnreadNotificationCount.initiate()));
  await Promise.allSettled(requests);
  await vi.waitFor(() => expect(store.getState().api.queries).not.toEqual({}));
  await new Promise((resolve) => setTimeout(resolve, 50));
  return seen;
}


afterEach(() => {
  delete window.fuelportalPreloads;
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  document.documentElement.removeAttribute('data-boot');
});

describe('boot.js preloads', () => {
  for (const who of ['owner', 'driver'] as const) {
    for (const page of ['dashboard', 'transactions', 'navigation'] as const) {
      it(`asks for the calls the app makes first: ${page}, ${who}`, async () => {
        const boot = await bootCalls(`/${page}`, members[who]);
        expect(window.fuelportalPreloads?.map((call) => call.url).sort()).toEqual(boot.map((call) => call.split(' ')[0]).sort());
        delete window.fuelportalPreloads;
        const app = await appCalls(members[who], page);
        expect([...boot].sort()).toEqual([...new Set(app)].sort());
      });
    }
  }

  // The token's claims say which member opens the dashboard: each is asked only what the
  // permissions allow (a bookkeeper no driver requests, a dispatcher no wallet, contract or IFTA
  // return, a member of a group no company-wide return, a driver waiting for approval nothing but
  // the account), and the app's own preload asks for the same calls.
  for (const [who, member] of Object.entries(members)) {
    it(`asks a dashboard's first calls only where the permissions allow them: ${who}`, async () => {
      const boot = (await bootCalls('/dashboard', member)).map((call) => call.split(' ')[0]);
      const refused = boot.filter((url) => {
        const action = actionOf.find(([pattern]) => pattern.test(url))?.[1];
        if (action === undefined) throw new Error(`no action known for ${url}`);
        const waiting = member.claims.role === 'ROLE_USER' && !member.claims.card;
        return action !== '' && (waiting || !member.permissions.actions.includes(action));
      });
      expect(refused).toEqual([]);
      expect(boot.length).toBeGreaterThan(member.claims.role === 'ROLE_USER' && !member.claims.card ? 1 : 5);
      delete window.fuelportalPreloads;
      const app = (await appCalls(member, 'dashboard')).map((call) => call.split(' ')[0]);
      expect([...boot].sort()).toEqual([...new Set(app)].sort());
    });
  }

  it("asks for a driver's active trip on the planner on a phone only, as the app does", async () => {
    const phone = (matches: boolean) => Object.defineProperty(window, 'matchMedia', { configurable: true, value: () => ({ matches }) });
    try {
      phone(true);
      const boot = (await bootCalls('/navigation', members.driver)).map((call) => call.split(' ')[0]);
      delete window.fuelportalPreloads;
      const seen: string[] = [];
      server.use(http.get(apiUrl('/trips'), ({ request }) => (seen.push(request.url), HttpResponse.json({ content: [] }))));
      localStorage.setItem('token', jwt(members.driver.claims));
      await makeStore().dispatch(tripsApi.endpoints.getActiveTrip.initiate());
      expect(seen).toHaveLength(1);
      expect(boot).toContain(seen[0]);
      phone(false);
      expect((await bootCalls('/navigation', members.driver)).some((call) => call.includes('/trips'))).toBe(false);
    } finally {
      Reflect.deleteProperty(window, 'matchMedia');
    }
  });

  it('asks for nothing on other pages, nor without a stored session', async () => {
    expect(await bootCalls('/settings', members.owner)).toEqual([]);
    localStorage.removeItem('token');
    window.history.replaceState(null, '', '/dashboard');
    new Function(bootScript)();
    expect(window.fuelportalPreloads).toBeUndefined();
  });
});
