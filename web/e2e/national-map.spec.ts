import { expect, test, type Page } from '@playwright/test';
import { OWNER, expectMapAtRest, expectNoSidewaysScroll, screenshot, openSignedIn } from './support';

/*
 * The national map fetches what its view needs. The map instance is reached through
 * window.__plannerMap (set by PlannerMap once loaded) to pan and zoom like a user would.
 */

interface Badge {
  longitude: number;
  latitude: number;
  kind: 'cluster' | 'station';
}

async function openPlanner(page: Page) {
  await openSignedIn(page, OWNER);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/navigation');
  await expect(page.getByRole('combobox', { name: 'Departure', exact: true })).toBeEnabled();
  await expect(page.getByTestId('station-card').first()).toBeVisible();
  // MapLibre has loaded its style (PlannerMap sets window.__plannerMap then).
  await page.waitForFunction(() => '__plannerMap' in window);
}

/** The geographic position of every badge on the map, read back through the map's projection. */
async function badges(page: Page): Promise<Badge[]> {
  return page.evaluate(() => {
    const map = (window as unknown as { __plannerMap: import('maplibre-gl').Map }).__plannerMap;
    const container = map.getContainer().getBoundingClientRect();
    return Array.from(document.querySelectorAll<HTMLElement>('[data-testid="cluster-badge"], [data-testid="station-badge"]')).map((element) => {
      const box = element.getBoundingClientRect();
      const at = map.unproject([box.left + box.width / 2 - container.left, box.top + box.height / 2 - container.top]);
      return { longitude: at.lng, latitude: at.lat, kind: element.dataset.testid === 'cluster-badge' ? 'cluster' : 'station' } as Badge;
    });
  });
}

/** Waits until the map is still and the view's answer is drawn (no loading banner). */
async function settled(page: Page) {
  await expectMapAtRest(page);
  await expect(page.getByTestId('loading-locations')).toBeHidden();
}

async function viewBounds(page: Page) {
  return page.evaluate(() => {
    const b = (window as unknown as { __plannerMap: import('maplibre-gl').Map }).__plannerMap.getBounds();
    return { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() };
  });
}

test('the opening map shows price badges on both coasts and lists the country cheapest', async ({ page }) => {
  await openPlanner(page);
  await settled(page);
  const all = await badges(page);
  expect(all.some((badge) => badge.longitude < -115), 'a badge on the West Coast').toBe(true);
  expect(all.some((badge) => badge.longitude > -82), 'a badge on the East Coast').toBe(true);
  await expect(page.getByTestId('cluster-badge').first()).toHaveAccessibleName(/^From \$\d+\.\d\d, \d+ stations$/);
  await expect(page.getByTestId('station-count')).toHaveText(/^[\d,]+ stations in view · Cheapest in view first$/);
  // Cheapest first, each with the age of its price.
  const prices = await page.getByTestId('net-price').allTextContents();
  const dollars = prices.map((text) => Number(text.replace(/[^0-9.]/g, '')));
  expect(dollars.length).toBeGreaterThan(1);
  expect([...dollars].sort((a, b) => a - b)).toEqual(dollars);
  await expect(page.getByTestId('price-age').first()).toHaveText(/Price from (just now|\d+ (min|h) ago|\d+ days? ago)/);
  await expectNoSidewaysScroll(page, 'national map');
  await screenshot(page, 'national-map-opening');
});

test('zooming into Texas shows Texas stations on the map and in the list', async ({ page }) => {
  await openPlanner(page);
  await page.evaluate(() => (window as unknown as { __plannerMap: import('maplibre-gl').Map }).__plannerMap.jumpTo({ center: [-96.8, 32.8], zoom: 10 }));
  await settled(page);
  const view = await viewBounds(page);
  await expect(page.getByTestId('station-badge').first()).toBeVisible();
  const shown = await badges(page);
  expect(shown.length).toBeGreaterThan(0);
  for (const badge of shown) {
    expect(badge.longitude).toBeGreaterThan(view.west - 0.05);
    expect(badge.longitude).toBeLessThan(view.east + 0.05);
  }
  // The list follows: Texas stations, cheapest first.
  await expect(page.getByTestId('station-card').first()).toContainText(', TX');
  const cards = await page.getByTestId('station-card').allTextContents();
  expect(cards.every((text) => text.includes(', TX'))).toBe(true);
  await expectNoSidewaysScroll(page, 'Texas view');
  await screenshot(page, 'national-map-texas');
});

test('"Use current location" centres the map there and lists the stations in view', async ({ page, context }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 32.7767, longitude: -96.797 });
  await openPlanner(page);
  await page.getByRole('button', { name: 'Use current location' }).click();
  await expect(page.getByRole('combobox', { name: 'Departure', exact: true })).toHaveValue(/Dallas|32\.7/);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __plannerMap: import('maplibre-gl').Map }).__plannerMap.getZoom()))
    .toBeGreaterThan(10);
  await settled(page);
  const view = await viewBounds(page);
  expect(view.west).toBeLessThan(-96.797);
  expect(view.east).toBeGreaterThan(-96.797);
  await expect(page.getByTestId('station-card').first()).toContainText(', TX');
  // The view's stations are fetched 300 ms after the map stops: until that answer is drawn the
  // previous (wider) view's badges may still stand outside it.
  await expect
    .poll(
      async () => {
        const shown = await badges(page);
        return shown.length > 0 && shown.every((b) => b.latitude > view.south - 0.05 && b.latitude < view.north + 0.05);
      },
    )
    .toBe(true);
  await expectNoSidewaysScroll(page, 'near me');
});
