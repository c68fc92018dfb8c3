import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Account } from '@/lib/auth/types';

/** Absolute API URL as the app calls it in tests. */
export const apiUrl = (path: string) => new URL(`/api${path}`, window.location.origin).href;

export const ownerAccount: Account = {
  id: 1,
  login: 'owner@demo.test',
  email: 'owner@demo.test',
  firstName: 'Olivia',
  lastName: 'Owner',
  phoneNumber: '+1 (407) 555-0100',
  authorities: [{ code: 'ROLE_COMPANY' }],
  memberRole: 'owner',
  company: { id: 1, name: 'Demo Freight LLC', carrierId: 1234567 },
  cardNumber: null,
  prompts: null,
  driverStatus: 'APPROVED',
  language: 'en',
};

export const driverAccount: Account = {
  ...ownerAccount,
  id: 2,
  login: 'driver@demo.test',
  email: 'driver@demo.test',
  firstName: 'Dan',
  lastName: 'Driver',
  authorities: [{ code: 'ROLE_USER' }],
  memberRole: 'driver',
  cardNumber: '7071000000000000011',
};

/** GET /api/account/permissions of the demo owner: every office action. */
export const ownerPermissions = {
  role: 'owner' as const,
  groupId: null,
  actions: [
    'stations.read', 'trips.read', 'trips.write', 'trips.decide', 'cards.read', 'cards.write', 'cards.reveal', 'overrides.decide',
    'drivers.approve', 'vehicles.read', 'vehicles.write', 'transactions.read', 'exports.run', 'alerts.read', 'compliance.read',
    'contract.read', 'contract.write', 'wallet.read', 'wallet.fund', 'payment-methods.write', 'ifta.read', 'ifta.write',
    'telematics.manage', 'webhooks.manage', 'audit.read', 'members.read', 'members.write', 'owners.manage', 'groups.read', 'groups.write',
    'company.close', 'company.settings', 'transactions.code', 'statements.read', 'statements.write', 'pump-check.manage',
    'pump-check.company', 'accounting.sync',
  ],
  withheldByGroup: [] as string[],
};

/** GET /api/account/permissions of a dispatcher (permissions.go): cards, overrides, drivers, trips, vehicles; no money. */
export const dispatcherPermissions = {
  role: 'dispatcher' as const,
  groupId: null,
  actions: [
    'stations.read', 'trips.read', 'trips.write', 'trips.decide', 'cards.read', 'cards.write', 'cards.reveal', 'overrides.decide',
    'drivers.approve', 'vehicles.read', 'vehicles.write', 'transactions.read', 'alerts.read', 'compliance.read', 'company.settings',
    'groups.read', 'pump-check.manage', 'pump-check.company',
  ],
  withheldByGroup: [] as string[],
};

/** GET /api/account/permissions of a bookkeeper (permissions.go): reads money and funds the wallet; changes no card. */
export const bookkeeperPermissions = {
  role: 'bookkeeper' as const,
  groupId: null,
  actions: [
    'stations.read', 'trips.read', 'cards.read', 'vehicles.read', 'transactions.read', 'exports.run', 'alerts.read', 'compliance.read',
    'contract.read', 'wallet.read', 'wallet.fund', 'ifta.read', 'ifta.write', 'groups.read', 'transactions.code',
    'statements.read', 'statements.write', 'accounting.sync',
  ],
  withheldByGroup: [] as string[],
};

/** The actions a member limited to a group lacks whatever the role (permissions.go companyWide). */
export const companyWideActions = [
  'ifta.read', 'ifta.write', 'statements.read', 'statements.write', 'accounting.sync', 'pump-check.company', 'company.settings',
  'groups.write', 'members.write', 'owners.manage', 'webhooks.manage', 'telematics.manage', 'wallet.fund', 'payment-methods.write',
];

/**
 * GET /api/account/permissions of a member of `permissions`' role limited to group `groupId`, as the server answers
 * (permissions.go ActionsOf, WithheldByGroup): the role's company-wide actions move from `actions` to `withheldByGroup`.
 */
export function limitedToGroup<P extends { actions: string[] }>(permissions: P, groupId: number) {
  return {
    ...permissions,
    groupId,
    actions: permissions.actions.filter((action) => !companyWideActions.includes(action)),
    withheldByGroup: permissions.actions.filter((action) => companyWideActions.includes(action)),
  };
}

/** Default handlers: the demo owner is signed in with token "t1". Override per test with server.use(). */
export const handlers = [
  http.get(apiUrl('/account'), () => HttpResponse.json(ownerAccount)),
  http.get(apiUrl('/account/permissions'), () => HttpResponse.json(ownerPermissions)),
  http.post(apiUrl('/authenticate'), () => HttpResponse.json({ token: 't1', refreshToken: 'r1' })),
  http.post(apiUrl('/refreshToken'), () => HttpResponse.json({ token: 't2', refreshToken: 'r2' })),
  http.post(apiUrl('/logout'), () => new HttpResponse(null, { status: 204 })),
  http.get(apiUrl('/wex/company/driver-requests'), () => HttpResponse.json([])),
  // The owner's navigation polls the unread alert count.
  http.get(apiUrl('/wex/company/alerts'), () =>
    HttpResponse.json({ content: [], page: { size: 1, number: 0, totalElements: 0, totalPages: 0 }, unreadCount: 0 }),
  ),
  // The owner's dashboard shows the IFTA return to act on.
  http.get(apiUrl('/wex/company/ifta/summary'), () =>
    HttpResponse.json({
      year: 2026,
      quarter: 4,
      fuelType: 'diesel',
      status: 'open',
      dueDate: '2027-01-31',
      daysLeft: 64,
      totalDue: 1234.56,
      totalMiles: 20000,
      totalGallons: 3100,
      warnings: 0,
      closedAt: null,
      overdue: [],
    }),
  ),
  // A driver's navigation polls their unread notification count.
  http.get(apiUrl('/notifications'), () =>
    HttpResponse.json({ content: [], page: { size: 1, number: 0, totalElements: 0, totalPages: 0 }, unreadCount: 0 }),
  ),
  // The account page's notification preferences: the owner's defaults.
  http.get(apiUrl('/account/notifications'), () =>
    HttpResponse.json({
      events: ['purchase.declined', 'override.requested', 'wallet.low', 'driver.waiting', 'ifta.due', 'statement.ready'].map((event) => ({
        event,
        push: true,
        email: true,
        inApp: true,
        urgent: event === 'purchase.declined' || event === 'override.requested',
      })),
      quietHours: null,
      timeZone: 'America/Chicago',
    }),
  ),
  // A driver's list with a declined purchase looks up their override requests.
  http.get(apiUrl('/wex/override-requests'), () => HttpResponse.json({ content: [] })),
  // Trips: no trips and nothing missed unless a test says otherwise.
  http.get(apiUrl('/trips'), () => HttpResponse.json({ content: [], page: { size: 20, number: 0, totalElements: 0, totalPages: 0 } })),
  http.get(apiUrl('/trips/units'), () => HttpResponse.json({ value: [], defaultUnitNumber: null })),
  http.get(apiUrl('/wex/company/compliance'), () => HttpResponse.json([])),
  // Drivers' requests on trips the owner locked: none unless a test says otherwise.
  http.get(apiUrl('/trips/:id/requests'), () => HttpResponse.json({ content: [] })),
  http.get(apiUrl('/wex/company/trip-requests'), () => HttpResponse.json({ content: [] })),
  // The fuel-cards page's answer on an authorization timeout: the default.
  http.get(apiUrl('/wex/company/authorization-settings'), () => HttpResponse.json({ onTimeout: 'decline' })),
  // The fuel-cards page's pump check and its groups, the driver dashboard's open questions: none.
  http.get(apiUrl('/wex/company/pump-check'), () =>
    HttpResponse.json({ enabled: false, radiusMiles: 1, freshnessMinutes: 10, staleChoice: 'challenge' }),
  ),
  http.get(apiUrl('/wex/company/groups'), () => HttpResponse.json({ content: [] })),
  http.get(apiUrl('/wex/challenges'), () => HttpResponse.json({ value: [] })),
  // The integrations page's QuickBooks card: the server has no Intuit app unless a test says otherwise.
  http.get(apiUrl('/wex/company/accounting/qbo'), () =>
    HttpResponse.json({ configured: false, connected: false, connectedAt: null, mapping: { products: {}, paymentAccount: '' }, lastPush: null, lastError: '', pushed: 0, failures: [] }),
  ),
];

export const server = setupServer(...handlers);
