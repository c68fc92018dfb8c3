import { expect, test, type APIRequestContext } from '@playwright/test';
import { OWNER, expectNoSidewaysScroll, expectShell, screenshotPath, openSignedIn, tap, apiToken, buildRoute, needsCardNetwork, postNetworkPurchase } from './support';

/*
 * "Your price" is what the card is charged: the owner plans a trip (Dallas → Amarillo) at the demo
 * company's contract price, the card network reports exactly the planned gallons at the planned
 * stops (POST /api/network/transactions, at each station's pump price), and the trip costs what
 * its plan said to the cent: compliance's planned cost equals the actual cost, with no missed
 * savings. The phone project runs on SQLite, the desktop one on PostgreSQL (E2E_DB).
 */

async function api<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const response = await request.fetch(`/api${path}`, { method, data, headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

const cents = (dollars: number) => Math.round(dollars * 100);

interface Stop {
  location: { locationId: number; name: string; retailPrice: number; netPrice: number; savings: number; latitude: number; longitude: number };
  gallons: number;
  cost: number;
  price: number;
}

interface Trip {
  id: number;
  plan: { fuelPlan: Stop[]; totalCost: number };
}

interface ComplianceRow {
  cardNumber: string;
  plannedCost: number;
  actualCost: number;
  missedSavings: number;
  offPlanGallons: number;
}

test('a trip bought exactly as planned costs what its plan said, to the cent', async ({ page, request }) => {
  await needsCardNetwork(request);

  const token = await apiToken(request, OWNER.email, OWNER.password);
  const account = await api<{ cardNumber: string | null }>(request, token, 'GET', '/account');
  const cards = (await api<{ value: { cardNumber: string; status: string; driverName: string }[] }>(request, token, 'GET', '/wex/company/get-cards'))
    .value;
  // A card no other spec uses (not the driver's, not the one fleet-owner deactivates), with no active trip.
  const card = cards.filter((c) => c.status === 'ACTIVE' && c.cardNumber !== account.cardNumber && c.driverName !== 'Dylan Driver').at(-1);
  expect(card, 'an active card').toBeDefined();
  const active = await api<{ content: { id: number }[] }>(request, token, 'GET', `/trips?status=ACTIVE&cardNumber=${card!.cardNumber}`);
  for (const trip of active.content) await api(request, token, 'POST', `/trips/${trip.id}/cancel`);

  const route = await api<{ routes: { points: { latitude: number; longitude: number }[] }[] }>(request, token, 'POST', '/maps/route', {
    origin: { latitude: 32.78, longitude: -96.8 },
    destination: { latitude: 35.22, longitude: -101.83 },
  });
  const trip = await api<Trip>(request, token, 'POST', '/trips', {
    cardNumber: card!.cardNumber,
    routePoints: route.routes[0]!.points,
    tankCapacity: 200,
    currentFuel: 30,
    searchRadius: 5,
    minGallonsPurchase: 5,
    lockCard: false,
    originName: 'Dallas, TX',
    destinationName: 'Amarillo, TX',
  });
  const stops = trip.plan.fuelPlan;
  expect(stops.length).toBeGreaterThan(0);

  // Each stop is planned at the company's price (what the card is charged), its cost that
  // price on its gallons plus the contract's fee; the total is the stops'.
  let planned = 0;
  for (const stop of stops) {
    expect(stop.price).toBe(stop.location.netPrice);
    expect(Math.round((stop.location.retailPrice - stop.location.netPrice) * 1000) / 10).toBe(stop.location.savings);
    planned += cents(stop.cost);
  }
  expect(planned).toBe(cents(trip.plan.totalCost));

  // The network reports the planned gallons at the planned stops, half an hour apart from now (a
  // purchase more than a day ahead of the server's clock is refused). The owner lifts the card's
  // rules for the purchases: the fraud check compares each with the card's last one, and the demo
  // data may have dated one minutes ago hundreds of miles away. Compliance then reads the minutes
  // of these purchases alone (it takes instants as well as dates).
  await api(request, token, 'POST', `/wex/company/cards/${card!.cardNumber}/override`, { hours: 1 });
  const start = Date.now() + 5 * 60_000;
  const day = (offset: number) => new Date(start + offset * 30 * 60_000).toISOString();
  let charged = 0;
  for (const [index, stop] of stops.entries()) {
    const purchase = await postNetworkPurchase(request, `to-plan-${trip.id}-${index}`, {
      cardNumber: card!.cardNumber,
      locationId: stop.location.locationId,
      gallons: stop.gallons,
      retailPrice: stop.location.retailPrice,
      transactionDate: day(index),
    });
    expect(purchase.status).toBe('APPROVED');
    expect(purchase.netPrice).toBe(stop.price);
    expect(cents(purchase.fundedTotal)).toBe(cents(stop.cost));
    charged += cents(purchase.fundedTotal);
  }
  expect(charged).toBe(planned);

  await request.delete(`/api/wex/company/cards/${card!.cardNumber}/override`, { headers: { Authorization: `Bearer ${token}` } });
  const from = encodeURIComponent(new Date(start - 60_000).toISOString());
  const to = encodeURIComponent(new Date(start + stops.length * 30 * 60_000).toISOString());
  const rows = await api<ComplianceRow[]>(request, token, 'GET', `/wex/company/compliance?dateFrom=${from}&dateTo=${to}`);
  const row = rows.find((r) => r.cardNumber === card!.cardNumber);
  expect(row, 'the trip in compliance').toBeDefined();
  expect(cents(row!.plannedCost)).toBe(planned);
  expect(cents(row!.actualCost)).toBe(planned);
  expect(row!.missedSavings).toBe(0);
  expect(row!.offPlanGallons).toBe(0);

  // The trip's page shows its stops at the company's price, and so does the planner's station list
  // ("Your price", the saving against retail), whatever answer (list or map view) brought it.
  const shown = new Map<number, { netPrice: number; savings: number }>();
  page.on('response', async (response) => {
    if (!/\/api\/locations(\/map)?\?/.test(response.url()) || !response.ok()) return;
    const body = (await response.json().catch(() => null)) as unknown;
    const list = Array.isArray(body) ? body : ((body as { stations?: unknown[] } | null)?.stations ?? []);
    for (const station of list as { locationId: number; netPrice: number; savings: number }[]) shown.set(station.locationId, station);
  });
  await openSignedIn(page, OWNER);
  await expectShell(page);
  await page.goto(`/trips/${trip.id}`);
  await expect(page.getByText(`$${stops[0]!.location.netPrice.toFixed(2)}/gal`).first()).toBeVisible();
  await expectNoSidewaysScroll(page, 'contract-price-trip');
  await page.screenshot({ path: screenshotPath('contract-price-trip'), fullPage: true });

  await page.goto('/navigation');
  const stationCard = page.getByTestId('station-card').first();
  await expect(stationCard).toBeVisible();
  await expect(stationCard).toContainText('Your price');
  const id = Number(await stationCard.getAttribute('data-location-id'));
  await expect.poll(() => shown.has(id)).toBe(true);
  const station = shown.get(id)!;
  const owned = await api<{ locationId: number; netPrice: number; retailPrice: number; savings: number }[]>(
    request,
    token,
    'GET',
    `/locations?latitude=${stops[0]!.location.latitude}&longitude=${stops[0]!.location.longitude}&radius=5`,
  );
  for (const s of owned) expect(Math.round((s.retailPrice - s.netPrice) * 1000) / 10).toBe(s.savings);
  await expect(stationCard).toContainText(`$${station.netPrice.toFixed(2)}`);
  await expectNoSidewaysScroll(page, 'contract-price-planner');
  await page.screenshot({ path: screenshotPath('contract-price-planner') });

  // The planner's plan: each stop at the company's price, the total with the card's fees.
  await buildRoute(page, ['Dallas', 'Dallas, TX'], ['Amarillo', 'Amarillo, TX']);
  await page.getByRole('textbox', { name: /Tank capacity/ }).fill('200');
  await page.getByRole('textbox', { name: /Current fuel/ }).fill('30');
  const planAnswer = page.waitForResponse((response) => response.url().endsWith('/api/assistant/plan'));
  await tap(page.getByRole('button', { name: 'Find Best Fuel Options' }));
  const plan = (await (await planAnswer).json()) as { fuelPlan: Stop[]; totalCost: number; fees: number; feePerPurchase: number };
  expect(plan.feePerPurchase).toBeGreaterThan(0);
  expect(cents(plan.fees)).toBe(cents(plan.feePerPurchase) * plan.fuelPlan.length);
  expect(plan.fuelPlan.reduce((sum, stop) => sum + cents(stop.cost), 0)).toBe(cents(plan.totalCost));
  const summary = page.getByTestId('plan-summary');
  await expect(summary.getByTestId('plan-fees')).toHaveText(
    `Includes $${plan.fees.toFixed(2)} card fees ($${plan.feePerPurchase.toFixed(2)} a purchase)`,
  );
  await expect(summary.getByTestId('plan-total-cost')).toHaveText(`$${plan.totalCost.toFixed(2)}`);
  await summary.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await expectNoSidewaysScroll(page, 'contract-price-plan');
  await page.screenshot({ path: screenshotPath('contract-price-plan') });
});
