import { expect, test, type APIRequestContext } from '@playwright/test';
import { DRIVER, OWNER, chooseMenuItem, expectNoSidewaysScroll, findCutText, isPhone, picture, pressUntilShown, screenshot, signIn, signOutFromShell } from './support';

test('the drawer state survives a reload', async ({ page }) => {
  test.skip(isPhone(), 'phones have the bottom bar instead of the drawer (next test)');
  await page.goto('/');
  await signIn(page, OWNER.email, OWNER.password);
  const drawer = page.getByTestId('navigation-drawer');
  await expect(drawer).toHaveAttribute('data-state', 'open');
  const paper = drawer.locator('.MuiDrawer-paper');
  await expect.poll(async () => (await paper.boundingBox())?.width).toBe(300);

  await page.getByRole('button', { name: 'Collapse menu' }).click();
  await expect(drawer).toHaveAttribute('data-state', 'closed');
  await expect.poll(async () => (await paper.boundingBox())?.width).toBe(80);
  await screenshot(page, 'drawer-collapsed');

  await page.reload();
  await expect(page.getByTestId('navigation-drawer')).toHaveAttribute('data-state', 'closed');
  expect(await page.evaluate(() => localStorage.getItem('navigationDrawerOpen'))).toBe('false');

  await page.getByRole('button', { name: 'Expand menu' }).click();
  await expect(page.getByTestId('navigation-drawer')).toHaveAttribute('data-state', 'open');
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await screenshot(page, 'settings');
  await page.getByRole('link', { name: /Account/ }).click();
  await expect(page).toHaveURL(/\/account$/);
  await screenshot(page, 'account');

  // The drawer's Account opens the account menu; its Sign out asks first.
  await pressUntilShown(page.getByTestId('navigation-drawer').getByRole('button', { name: 'Account' }), page.getByTestId('account-menu-user'));
  await expect(page.getByTestId('account-menu-user')).toContainText(OWNER.email);
  await screenshot(page, 'account-menu', { fullPage: false });
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  const confirm = page.getByRole('dialog', { name: 'Sign out?' });
  await screenshot(page, 'sign-out-confirmation', { fullPage: false });
  await confirm.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});

test('on a phone a bottom bar takes the drawer’s place and leaves the page its width', async ({ page }) => {
  test.skip(!isPhone(), 'from 900 px up the side drawer is tested above');
  await page.goto('/');
  await signIn(page, OWNER.email, OWNER.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const bar = page.getByTestId('navigation-bar');
  await expect(bar).toBeVisible();
  await expect(page.getByTestId('navigation-drawer')).toHaveCount(0);
  // The bar sits at the bottom, as wide as the screen; the page keeps the full width.
  const box = (await bar.boundingBox())!;
  expect(box.width).toBe(390);
  expect(box.y + box.height).toBeCloseTo(844, 0);
  const main = (await page.getByRole('main').boundingBox())!;
  expect(main.width).toBe(390);
  // After sign-in the focus is on the page, not left on the body.
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  // Settings is in the account menu, with who is signed in.
  await pressUntilShown(bar.getByRole('button', { name: 'Account' }), page.getByTestId('account-menu-user'));
  await expect(page.getByTestId('account-menu-user')).toContainText(OWNER.email);
  await screenshot(page, 'account-menu', { fullPage: false });
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(bar.getByRole('button', { name: 'Account' })).toHaveAttribute('aria-current', 'page');
  await screenshot(page, 'settings');
  await page.getByRole('link', { name: /Account/ }).click();
  await expect(page).toHaveURL(/\/account$/);
  await screenshot(page, 'account');
  await bar.getByRole('link', { name: 'Stations' }).click();
  await expect(page).toHaveURL(/\/navigation$/);
  await bar.getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Sign out asks first: Cancel keeps the session, the confirmation's Sign out ends it.
  await chooseMenuItem(page, bar.getByRole('button', { name: 'Account' }), 'Sign out');
  const confirm = page.getByRole('dialog', { name: 'Sign out?' });
  await expect(confirm).toBeVisible();
  await screenshot(page, 'sign-out-confirmation', { fullPage: false });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);
  await signOutFromShell(page);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
});

const token = async (request: APIRequestContext, who: { email: string; password: string }) => {
  const response = await request.post('/api/authenticate', { data: { username: who.email, password: who.password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
};

/** Sets the account's language (kept on the server, applied at sign-in). */
async function setAccountLanguage(request: APIRequestContext, who: { email: string; password: string }, language: 'en' | 'es') {
  const headers = { Authorization: `Bearer ${await token(request, who)}` };
  const { firstName, lastName, email, phoneNumber } = (await (await request.get('/api/account', { headers })).json()) as Record<string, string>;
  const response = await request.put('/api/account', { headers, data: { firstName, lastName, email, phoneNumber, language } });
  expect(response.status(), await response.text()).toBe(200);
}

const BAR_LABELS = {
  en: { owner: ['Home', 'Stations', 'Alerts', 'More', 'Account'], driver: ['Home', 'Stations', 'Trips', 'Inbox', 'Account'] },
  es: { owner: ['Inicio', 'Paradas', 'Alertas', 'Más', 'Cuenta'], driver: ['Inicio', 'Paradas', 'Viajes', 'Avisos', 'Cuenta'] },
};

for (const language of ['en', 'es'] as const) {
  for (const [role, who] of [['owner', OWNER], ['driver', DRIVER]] as const) {
    test(`the ${role}'s bottom bar: five labels whole from 320 to 430 px (${language})`, async ({ page, request }) => {
      test.skip(!isPhone(), 'the bottom bar is the phones\'');
      await setAccountLanguage(request, who, language);
      try {
        await page.goto('/');
        await signIn(page, who.email, who.password);
        await expect(page).toHaveURL(/\/dashboard$/);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        const bar = page.getByTestId('navigation-bar');
        // The unread count's entry joins once its first count answers.
        await expect(bar.getByTestId('navigation-bar-label')).toHaveText(BAR_LABELS[language][role]);
        // axe-core once, at the narrowest width: the widths change where the labels fall, not
        // what the page is made of (its names, roles and colours).
        for (const width of [320, 390, 430]) {
          await page.setViewportSize({ width, height: 844 });
          await expect.poll(async () => (await bar.boundingBox())?.width).toBe(width);
          expect(await page.evaluate(findCutText, { root: '[data-testid="navigation-bar-item"]', mayShorten: '', strict: true }), `${role}, ${language}, ${width} px`).toEqual([]);
          const name = `bottom-bar-${role}-${language}-${width}`;
          if (width === 320) await screenshot(page, name, { fullPage: false });
          else {
            await expectNoSidewaysScroll(page, name);
            await picture(page, name, { fullPage: false });
          }
        }
        await page.setViewportSize({ width: 390, height: 844 });
        await signOutFromShell(page, language);
        await expect(page).toHaveURL(/\/$/);
      } finally {
        await setAccountLanguage(request, who, 'en');
      }
    });
  }
}
