import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DRIVER, OWNER, expectShell, isPhone, screenshot, signIn, signOutFromShell, openSignedIn, openAndChoose, openFromShell, tap, apiToken, buildRoute, needsCardNetwork, postNetworkPurchase } from './support';

/*
 * End to end (written for the phone viewport; the desktop project runs it too): the owner plans Dallas → Oklahoma City and saves it
 * as a locked trip for the demo driver's card; the driver sees the next stop; a purchase elsewhere
 * on that card (POST /api/network/transactions) is declined "Not a planned stop"; the trip and the
 * compliance page show it.
 */

async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

async function signOut(page: Page) {
  await signOutFromShell(page);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
}

interface TripDetail {
  id: number;
  status: string;
  lockCard: boolean;
  unitNumber: string;
  plan: { fuelPlan: { gallons: number; location: { locationId: number; name: string; latitude: number; longitude: number } }[] };
  purchases: { declineCode: string | null; declineReason: string | null; onPlan: boolean }[];
}

test('a locked trip: saved by the owner, followed by the driver, a purchase elsewhere declined, seen in compliance', async ({ page, request }) => {
  const probe = await request.get('/api/trips');
  expect(probe.status(), 'the trips API answers').not.toBe(404);
  await needsCardNetwork(request);

  const ownerToken = await apiToken(request, OWNER.email, OWNER.password);
  const driverToken = await apiToken(request, DRIVER.email, DRIVER.password);
  const driver = await apiGet<{ cardNumber: string; firstName: string; lastName: string }>(request, driverToken, '/account');
  const cards = await apiGet<{ value: { cardNumber: string; unitNumber: string }[] }>(request, ownerToken, '/wex/company/get-cards');
  const unit = cards.value.find((card) => card.cardNumber === driver.cardNumber)!.unitNumber;
  // Earlier runs on a reused database may have left the driver's card locked to another trip.
  const active = await apiGet<{ content: { id: number }[] }>(request, ownerToken, `/trips?status=ACTIVE&cardNumber=${driver.cardNumber}`);
  for (const trip of active.content) {
    await request.post(`/api/trips/${trip.id}/cancel`, { headers: { Authorization: `Bearer ${ownerToken}` } });
  }

  // The owner plans Dallas → Oklahoma City.
  await openSignedIn(page, OWNER);
  await expectShell(page);
  await page.goto('/navigation');
  await expect(page.getByRole('combobox', { name: 'Departure', exact: true })).toBeEnabled();
  await buildRoute(page, ['Dallas', 'Dallas, TX'], ['Oklahoma Ci', 'Oklahoma City, OK']);
  await page.getByRole('textbox', { name: /Tank capacity/ }).fill('200');
  await page.getByRole('textbox', { name: /Current fuel/ }).fill('20');
  await tap(page.getByRole('button', { name: 'Find Best Fuel Options' }));
  await expect(page.getByRole('heading', { name: /^Best Fuel Options \(\d+\)$/ })).toBeVisible();

  // … and saves it as a locked trip on the demo driver's card.
  await tap(page.getByRole('button', { name: 'Save as trip' }));
  const dialog = page.getByRole('dialog', { name: 'Save as trip' });
  await expect(dialog).toContainText('Dallas, TX → Oklahoma City, OK');
  await openAndChoose(dialog.getByRole('combobox', { name: /Card/ }), page.getByRole('option', { name: new RegExp(driver.cardNumber.slice(-3)) }).first());
  // The card's truck is offered as the trip's unit.
  await expect(dialog.getByRole('combobox', { name: /Unit/ })).toContainText(unit);
  await dialog.getByRole('switch', { name: 'Lock card to this plan' }).check();
  await screenshot(page, 'trips-save-dialog');
  await dialog.getByRole('button', { name: 'Save trip' }).click();
  await expect(dialog.getByTestId('trip-saved')).toContainText('Card locked');
  await dialog.getByRole('link', { name: 'View trip' }).click();
  await expect(page).toHaveURL(/\/trips\/\d+$/);
  const tripId = Number(page.url().split('/').pop());
  await expect(page.getByTestId('trip-status')).toHaveText('Active');
  await expect(page.getByTestId('trip-locked')).toBeVisible();
  await expect(page.getByTestId('trip-detail-unit')).toHaveText(unit);
  await screenshot(page, 'trips-detail-owner');

  const trip = await apiGet<TripDetail>(request, ownerToken, `/trips/${tripId}`);
  expect(trip).toMatchObject({ status: 'ACTIVE', lockCard: true, unitNumber: unit });
  expect(trip.plan.fuelPlan.length).toBeGreaterThan(0);
  const firstStop = trip.plan.fuelPlan[0]!.location;

  // The driver sees the next stop on the dashboard, and one tap centres the planner's map there.
  await signOut(page);
  await signIn(page, DRIVER.email, DRIVER.password);
  await expectShell(page);
  const card = page.getByTestId('next-stop-card');
  await expect(card.getByTestId('next-stop-name')).toHaveText(firstStop.name);
  await expect(card.getByTestId('next-stop-miles')).toHaveText(/mi along the route$/);
  await expect(card.getByTestId('next-stop-gallons')).toHaveText(/^Buy [\d.,]+\s+gal$/);
  await screenshot(page, 'trips-dashboard-driver');
  await tap(card.getByRole('button', { name: 'Show next stop on the map' }));
  await expect(page).toHaveURL(/\/navigation$/);
  // Phones show the active trip in the planner too (the desktop keeps the station list).
  if (isPhone()) await expect(page.getByTestId('next-stop-card')).toBeVisible();

  // A purchase elsewhere on the locked card is declined.
  const planned = new Set(trip.plan.fuelPlan.map((stop) => stop.location.locationId));
  const nearby = await apiGet<{ locationId: number }[]>(
    request,
    ownerToken,
    `/locations?latitude=${firstStop.latitude}&longitude=${firstStop.longitude}&radius=100&orderBy=price,desc`,
  );
  const elsewhere = nearby.find((station) => !planned.has(station.locationId));
  expect(elsewhere, 'a station off the plan near its first stop').toBeDefined();
  // Dated an hour before the card's first purchase: the fraud check, which runs before the trip
  // lock, compares a purchase with the card's last approved one at or before its time, and the
  // demo data may have dated one minutes ago hundreds of miles away; before the first there is
  // none, so only the lock can decline. (A date ahead of the server's clock is refused past a day.)
  const first = await apiGet<{ content: { transactionDate: string }[] }>(
    request,
    ownerToken,
    `/wex/company/transactions?page=0&size=1&sort=transactionDate,asc&cardNumber=${driver.cardNumber}`,
  );
  const before = first.content.length > 0 ? new Date(first.content[0]!.transactionDate).getTime() - 3600_000 : Date.now();
  const elsewherePurchase = await postNetworkPurchase(request, 'trip', {
    cardNumber: driver.cardNumber,
    locationId: elsewhere!.locationId,
    gallons: 50,
    transactionDate: new Date(before).toISOString(),
  });
  expect(elsewherePurchase).toMatchObject({ status: 'DECLINED', declineCode: 'NOT_PLANNED_STOP', declineReason: 'Not a planned stop' });

  // The driver's trip shows the declined purchase and why.
  await page.goto(`/trips/${tripId}`);
  const purchase = page.getByTestId('trip-purchase').filter({ hasText: 'Declined' });
  await expect(purchase.getByTestId('decline-reason')).toHaveText('Not a planned stop');
  await screenshot(page, 'trips-detail-declined');

  // The lock binds the trip, not one purchase: the planned gallons at the planned stop are
  // approved, the same again there is declined (a minute later, at the same station: the fraud
  // check has nothing to say).
  const buyAtFirstStop = (id: string, minutes: number) =>
    postNetworkPurchase(request, `trip-stop-${id}`, {
      cardNumber: driver.cardNumber,
      locationId: firstStop.locationId,
      gallons: trip.plan.fuelPlan[0]!.gallons,
      transactionDate: new Date(before + minutes * 60_000).toISOString(),
    });
  expect(await buyAtFirstStop('first', 1)).toMatchObject({ status: 'APPROVED' });
  const again = await buyAtFirstStop('again', 2);
  expect(again).toMatchObject({ status: 'DECLINED', declineCode: 'OVER_GALLONS_LEFT' });

  // The owner's compliance page lists the driver with the trip.
  await signOut(page);
  await signIn(page, OWNER.email, OWNER.password);
  await expectShell(page);
  await openFromShell(page, 'Compliance');
  await expect(page).toHaveURL(/\/compliance$/);
  const row = page.getByTestId('compliance-row').filter({ hasText: `${driver.firstName} ${driver.lastName}` });
  await expect(row).toBeVisible();
  // Phones show each row as a card with its labels; the desktop table names its columns once.
  if (isPhone()) await expect(row).toContainText('Trips');
  else await expect(page.getByRole('columnheader', { name: 'Trips' })).toBeVisible();
  await screenshot(page, 'trips-compliance');
});

/*
 * A lock binds the driver it restrains: on the trip the owner locked, the driver has no Complete or
 * Cancel, only "Ask to end trip"; the owner sees the request (trip page and alert) and approves it
 * from the alert, which ends the trip and lifts the lock.
 */
test('a driver asks to end the trip the owner locked; the owner approves from the alert', async ({ page, request }) => {
  const probe = await request.get('/api/trips');
  expect(probe.status(), 'the trips API answers').not.toBe(404);
  const ownerToken = await apiToken(request, OWNER.email, OWNER.password);
  const driverToken = await apiToken(request, DRIVER.email, DRIVER.password);
  const owner = { Authorization: `Bearer ${ownerToken}` };
  const driver = await apiGet<{ cardNumber: string; firstName: string; lastName: string }>(request, driverToken, '/account');
  const active = await apiGet<{ content: { id: number }[] }>(request, ownerToken, `/trips?status=ACTIVE&cardNumber=${driver.cardNumber}`);
  for (const trip of active.content) await request.post(`/api/trips/${trip.id}/cancel`, { headers: owner });

  // The owner saves a locked trip Dallas → Oklahoma City for the driver's card.
  const routes = await request.post('/api/maps/route', {
    headers: owner,
    data: { origin: { latitude: 32.7767, longitude: -96.797 }, destination: { latitude: 35.4676, longitude: -97.5164 } },
  });
  expect(routes.ok()).toBe(true);
  const routePoints = ((await routes.json()) as { routes: { points: { latitude: number; longitude: number }[] }[] }).routes[0]!.points;
  const created = await request.post('/api/trips', {
    headers: owner,
    data: {
      cardNumber: driver.cardNumber, routePoints, tankCapacity: 200, currentFuel: 20, searchRadius: 5, minGallonsPurchase: 5,
      lockCard: true, originName: 'Dallas, TX', destinationName: 'Oklahoma City, OK',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const tripId = ((await created.json()) as { id: number; ownerLock: boolean }).id;

  // The driver cannot end it: the API says why, the page offers to ask.
  const refused = await request.post(`/api/trips/${tripId}/complete`, { headers: { Authorization: `Bearer ${driverToken}` } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toContain('only they can end the trip');
  await openSignedIn(page, DRIVER);
  await expectShell(page);
  await page.goto(`/trips/${tripId}`);
  const actions = page.getByTestId('locked-trip-actions');
  await expect(actions).toContainText('Your fleet manager locked this card to the plan');
  await expect(page.getByRole('button', { name: 'Complete' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel trip' })).toHaveCount(0);
  await screenshot(page, 'trips-locked-driver');
  await tap(actions.getByRole('button', { name: 'Ask to end trip' }));
  const dialog = page.getByRole('dialog', { name: 'Ask to end this trip?' });
  await dialog.getByRole('textbox', { name: 'Message for your fleet manager (optional)' }).fill('Load delivered early');
  await screenshot(page, 'trips-ask-end-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByTestId('trip-request-state')).toContainText('Waiting for your fleet manager: you asked to end this trip');
  await expect(actions.getByRole('button', { name: 'Ask to end trip' })).toBeDisabled();
  await screenshot(page, 'trips-ask-end-pending');

  // The owner sees it on the trip and as an alert, and approves it from the alert.
  await signOut(page);
  await signIn(page, OWNER.email, OWNER.password);
  await expectShell(page);
  await page.goto(`/trips/${tripId}`);
  await expect(page.getByTestId('owner-trip-request')).toContainText(`${driver.firstName} ${driver.lastName} asks to end this trip. “Load delivered early”`);
  await screenshot(page, 'trips-owner-request');
  await page.goto('/alerts');
  const alert = page.getByTestId('alert-row').filter({ hasText: 'Load delivered early' }).first();
  await expect(alert.getByTestId('trip-request-approve')).toBeVisible();
  await screenshot(page, 'alerts-trip-request');
  await tap(alert.getByTestId('trip-request-approve'));
  await expect(page.getByText(`${driver.firstName} ${driver.lastName}'s request was approved`)).toBeVisible();
  await expect(page.getByTestId('alert-row').filter({ hasText: 'Locked trip completed' }).first()).toBeVisible();

  // The trip has ended and the card is free.
  const ended = await apiGet<{ status: string }>(request, ownerToken, `/trips/${tripId}`);
  expect(ended.status).toBe('COMPLETED');
  await page.goto(`/trips/${tripId}`);
  await expect(page.getByTestId('trip-status')).toHaveText('Completed');
});
