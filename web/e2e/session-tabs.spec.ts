import { expect, test, type Page } from '@playwright/test';
import { OWNER, expectShell, isPhone, screenshot, signIn } from './support';

/**
 * Answers the page's next authenticated API call with 401, as the server does
 * once the 15-minute access token has expired, so the page refreshes now.
 */
async function expireAccessTokenOnce(page: Page): Promise<void> {
  let expired = false;
  await page.route('**/api/**', async (route) => {
    const request = route.request();
    if (!expired && request.headers()['authorization'] && !request.url().includes('/api/refreshToken')) {
      expired = true;
      await route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ status: 401, message: 'Unauthorized' }) });
      return;
    }
    await route.fallback();
  });
}

// The app's service worker fetches API answers itself (offline at the pump), and page.route
// never sees a service worker's requests: block it so the 401 above reaches the page.
test.use({ serviceWorkers: 'block' });

const refreshCalls = (page: Page): string[] => {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/refreshToken')) calls.push(request.url());
  });
  return calls;
};

test('two tabs of one session both keep working after each refreshes its access token', async ({ page, context }) => {
  await page.goto('/');
  await signIn(page, OWNER.email, OWNER.password);
  await expectShell(page);
  const second = await context.newPage();
  await second.goto('/dashboard');
  await expectShell(second);
  const firstRefreshes = refreshCalls(page);
  const secondRefreshes = refreshCalls(second);

  // The first tab's token expires: it refreshes and stores the new tokens.
  await expireAccessTokenOnce(page);
  const refreshed = page.waitForResponse((response) => response.url().includes('/api/refreshToken'));
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: isPhone() ? 'Stations' : 'Fuel Locations' }).click();
  expect((await refreshed).status()).toBe(200);
  await expect(page.getByTestId('station-card').first()).toBeVisible();

  // The second tab's token expires too. Its refresh token was spent by the
  // first tab: sending it again would look like a stolen token and end the
  // session in both tabs. It takes the first tab's tokens instead.
  await expireAccessTokenOnce(second);
  await second.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: isPhone() ? 'Stations' : 'Fuel Locations' }).click();
  await expect(second.getByTestId('station-card').first()).toBeVisible();
  await expect(second).toHaveURL(/\/navigation$/);
  expect(firstRefreshes).toHaveLength(1);
  expect(secondRefreshes).toHaveLength(0);
  await screenshot(second, 'session-second-tab');

  // The session is alive on the server: its current refresh token (the one
  // both tabs now hold) is accepted. After a reuse it would have been revoked.
  const stored = await second.evaluate(() => localStorage.getItem('refreshToken'));
  expect(stored).toBe(await page.evaluate(() => localStorage.getItem('refreshToken')));
  const check = await page.request.post('/api/refreshToken', { data: { refreshToken: stored } });
  expect(check.status()).toBe(200);
});
