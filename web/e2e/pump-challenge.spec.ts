import { expect, test, type APIRequestContext } from '@playwright/test';
import { DRIVER, OWNER, apiToken, needs, screenshot, openSignedIn } from './support';

/*
 * The pump check's challenge on the driver's phone (docs/product.md, "Pump check"): the company
 * turns the check on with the stale choice "challenge"; the driver's truck (the card's unit) last
 * reported its position half an hour ago, so the network's authorization at a station is
 * declined PUMP_CHECK_CHALLENGE and the driver is asked "Are you fueling unit … at …?"; the driver
 * answers Yes on the dashboard, and the network's retry at the same station is approved.
 */

// demo.FirstStationID: the first demo truck stop (E2E_LOCATION_ID overrides it).
const locationId = Number(process.env.E2E_LOCATION_ID ?? 10001);

async function authorize(request: APIRequestContext, cardNumber: string) {
  const authorizationId = `e2e-pump-challenge-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const response = await request.post('/api/network/authorizations', {
    headers: { 'X-Network-Key': process.env.E2E_NETWORK_KEY! },
    data: { authorizationId, cardNumber, locationId, amount: 20, productCode: 'DSL' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { authorizationId: string; approved: boolean; declineCode: string | null };
}

/** Puts the company's pump check back after the test, even one that timed out. */
let restore: (() => Promise<void>) | null = null;
test.afterEach(async () => {
  await restore?.();
  restore = null;
});

test('a driver challenged at the pump answers Yes on the phone and the retry is approved', async ({ page, request }) => {
  const probe = await request.post('/api/network/authorizations', { headers: { 'X-Network-Key': process.env.E2E_NETWORK_KEY! }, data: {} });
  needs(probe.status() !== 503, 'the server was started without a card network key (FUELPORTAL_NETWORK_KEY is not read)');
  const owner = { Authorization: `Bearer ${await apiToken(request, OWNER.email, OWNER.password)}` };
  const driver = { Authorization: `Bearer ${await apiToken(request, DRIVER.email, DRIVER.password)}` };
  const { cardNumber } = (await (await request.get('/api/account', { headers: driver })).json()) as { cardNumber: string };
  const cards = (await (await request.get(`/api/wex/company/get-cards?searchText=${cardNumber}`, { headers: owner })).json()) as {
    value: { cardNumber: string; unitNumber: string }[];
  };
  const unit = cards.value.find((c) => c.cardNumber === cardNumber)?.unitNumber;
  needs(Boolean(unit), "the driver's card carries no unit number");

  const before = await (await request.get('/api/wex/company/pump-check', { headers: owner })).json();
  restore = async () => {
    await request.put('/api/wex/company/pump-check', { headers: owner, data: before });
  };
  const on = await request.put('/api/wex/company/pump-check', {
    headers: owner,
    data: { enabled: true, radiusMiles: 1, freshnessMinutes: 10, staleChoice: 'challenge' },
  });
  expect(on.status(), await on.text()).toBe(200);

  // The truck's tracker last reported half an hour ago (Traccar forwarding, the company's token).
  const made = await request.post('/api/wex/company/telematics/token', { headers: owner });
  expect(made.status(), await made.text()).toBe(200);
  const { token } = (await made.json()) as { token: string };
  const fixTime = new Date(Date.now() - 30 * 60_000).toISOString();
  const forwarded = await request.post('/api/telematics/traccar', {
    headers: { Authorization: `Bearer ${token}` },
    data: { position: { deviceId: 1, fixTime, latitude: 28.99, longitude: -82.16, speed: 0, attributes: {} }, device: { uniqueId: unit, name: unit } },
  });
  expect(forwarded.ok(), await forwarded.text()).toBe(true);

  const challenged = await authorize(request, cardNumber);
  expect(challenged).toMatchObject({ approved: false, declineCode: 'PUMP_CHECK_CHALLENGE' });

  await openSignedIn(page, DRIVER);
  await expect(page).toHaveURL(/\/dashboard$/);
  const question = page.getByTestId('pump-challenge');
  await expect(question).toContainText(`Are you fueling unit ${unit} at`);
  await expect(page.getByTestId('pump-check-privacy')).toContainText("your truck's position");
  await expect(page.getByTestId('my-card-pump-check')).toContainText('Pump check on');
  await screenshot(page, 'driver-pump-challenge');
  await question.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Thanks: try the card again at this pump within 10 minutes.')).toBeVisible();
  await expect(page.getByTestId('pump-challenge')).toHaveCount(0);

  const retried = await authorize(request, cardNumber);
  expect(retried).toMatchObject({ approved: true, declineCode: null });
  // The hold is released: nothing of this test stays on the wallet.
  const released = await request.post(`/api/network/authorizations/${retried.authorizationId}/reversal`, {
    headers: { 'X-Network-Key': process.env.E2E_NETWORK_KEY! },
  });
  expect(released.status()).toBe(200);
});
