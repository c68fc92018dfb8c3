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
  company: { id: 1, name: 'Demo Freight LLC', carrierId: 1234567 },
  cardNumber: null,
};

export const driverAccount: Account = {
  ...ownerAccount,
  id: 2,
  login: 'driver@demo.test',
  email: 'driver@demo.test',
  firstName: 'Dan',
  lastName: 'Driver',
  authorities: [{ code: 'ROLE_USER' }],
  cardNumber: '7071000000000000011',
};

/** Default handlers: the demo owner is signed in with token "t1". Override per test with server.use(). */
export const handlers = [
  http.get(apiUrl('/account'), () => HttpResponse.json(ownerAccount)),
  http.post(apiUrl('/authenticate'), () => HttpResponse.json({ token: 't1', refreshToken: 'r1' })),
  http.post(apiUrl('/refreshToken'), () => HttpResponse.json({ token: 't2', refreshToken: 'r2' })),
];

export const server = setupServer(...handlers);
