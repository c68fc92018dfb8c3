import { expect, test } from '@playwright/test';
import { expectNoSidewaysScroll, expectStationCardsReadable, screenshot, openSignedIn, buildRoute } from './support';

/** Other Haulers' demo contract counts $1.25 a mile off the route and $15 a stop. */
const OTHER_OWNER = { email: 'other@demo.test', password: 'DemoPass1' };

test('a plan under a contract with detour costs shows the net saving after the detour', async ({ page }) => {
  await openSignedIn(page, OTHER_OWNER);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('wallet-planner-costs')).toHaveText('Fuel plans count $1.25/mi off route and $15.00 per stop');

  await page.goto('/assistant');
  // The form works before the map, which on a phone is the screen below (not started here).
  await expect(page.getByRole('combobox', { name: 'Departure', exact: true })).toBeEnabled();
  await buildRoute(page, ['Dallas', 'Dallas, TX'], ['Oklahoma Ci', 'Oklahoma City, OK']);

  await page.getByRole('textbox', { name: /Tank capacity/ }).fill('200');
  await page.getByRole('textbox', { name: /Current fuel/ }).fill('25');
  const planCall = page.waitForResponse((response) => response.url().includes('/api/assistant/plan'));
  await page.getByRole('button', { name: 'Find Best Fuel Options' }).click();
  const plan = await (await planCall).json();
  await expect(page.getByRole('heading', { name: /^Best Fuel Options \(\d+\)$/ })).toBeVisible();
  expect(plan.outOfRouteCostPerMile).toBe(1.25);
  expect(plan.costPerStop).toBe(15);
  expect(plan.fuelPlan.length).toBeGreaterThan(0);
  expect(plan.detourCost).toBeGreaterThanOrEqual(15 * plan.fuelPlan.length);

  await expect(page.getByTestId('plan-detour-rates')).toHaveText("Counts your contract's $1.25/mi off route and $15.00 per stop");
  await expect(page.getByTestId('plan-detour-cost')).toContainText('detour and stops');
  if (plan.netSaving > 0) await expect(page.getByTestId('plan-net-saving')).toHaveText(/^Net saving \$[\d,]+\.\d\d after detour$/);
  await expect(page.getByTestId('plan-entry-net-saving').first()).toHaveText(/^(Net saving|Costs) \$[\d,]+\.\d\d (more )?after detour$/);
  await expectNoSidewaysScroll(page, 'planner with detour costs');
  await expectStationCardsReadable(page, 'plan cards with the net saving');
  await screenshot(page, 'planner-plan-detour');
});
