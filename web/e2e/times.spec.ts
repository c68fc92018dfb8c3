import { expect, test } from '@playwright/test';
import { OWNER, expectNoSidewaysScroll, expectShell, screenshot, openSignedIn, apiToken, needsCardNetwork, postNetworkPurchase } from './support';

/*
 * Times mean one thing: the card network reports a purchase at a Dallas station in the station's
 * wall-clock time (Central), the API answers it as an instant (Z), and a viewer in Denver sees it
 * in Denver's time, an hour earlier on the clock.
 */
test.use({ timezoneId: 'America/Denver' });

/** The wall clock of instant in zone, as the network sends it: 2026-11-27T09:52:00. */
function wallClock(instant: Date, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

test("a station's wall-clock time is read in its zone and shown in the viewer's", async ({ page, request }) => {
  await needsCardNetwork(request);
  const token = await apiToken(request, OWNER.email, OWNER.password);
  const headers = { Authorization: `Bearer ${token}` };
  const stations = (await (await request.get('/api/locations?latitude=32.78&longitude=-96.8&radius=10', { headers })).json()) as { locationId: number }[];
  expect(stations.length, 'a station in Dallas').toBeGreaterThan(0);
  const cards = ((await (await request.get('/api/wex/company/get-cards', { headers })).json()) as { value: { cardNumber: string; status: string }[] }).value;
  const card = cards.find((c) => c.status === 'ACTIVE')!;

  // An hour ago, to the second, on Dallas's clock.
  const instant = new Date(Math.floor((Date.now() - 3600_000) / 1000) * 1000);
  const purchase = await postNetworkPurchase(request, 'times', {
    cardNumber: card.cardNumber,
    locationId: stations[0]!.locationId,
    gallons: 10,
    transactionDate: wallClock(instant, 'America/Chicago'),
  });
  expect(purchase.transactionDate).toBe(instant.toISOString().replace('.000Z', 'Z'));

  await openSignedIn(page, OWNER);
  await expectShell(page);
  await page.goto(`/transactions?search=${purchase.invoiceRef}`);
  const row = page.getByRole('link').filter({ hasText: purchase.invoiceRef }).first();
  const denver = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Denver', hour: 'numeric', minute: '2-digit' }).format(instant);
  await expect(row).toContainText(denver);
  await expectNoSidewaysScroll(page, 'times-transactions');
  await screenshot(page, 'times-transactions');
});
