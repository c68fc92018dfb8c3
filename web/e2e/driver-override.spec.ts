import { expect, test, type Browser, type Page } from '@playwright/test';
import { DRIVER, OWNER, expectNoCutText, expectShell, screenshot, openSignedIn, authHeader, needsCardNetwork, postNetworkPurchase } from './support';

/*
 * Where a driver and an owner land (docs/product.md, driver's dashboard): the card network
 * declines a purchase over the card's daily limit; the driver's dashboard says the card's rules
 * ("$100 a day, … left today") and the decline with its reason; the driver taps "Request
 * override"; the owner's dashboard lists the request and the owner grants it; the same purchase
 * posted again is approved, and the driver's dashboard says the override is active. Once in
 * English and once for a driver who reads Spanish.
 */

interface Account {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  cardNumber: string;
  language: string;
}

async function ownerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: test.info().project.use.viewport ?? undefined, isMobile: test.info().project.use.isMobile, hasTouch: test.info().project.use.hasTouch });
  const page = await context.newPage();
  await openSignedIn(page, OWNER);
  await expectShell(page);
  return page;
}

const texts = {
  en: { rules: /\$100 a day, \$[\d,.]+ left today/, declined: /Your last purchase was declined: Over the daily limit/, request: 'Request override', send: 'Send request', pending: 'Override requested: waiting for the owner', overridden: /Override active/ },
  es: { rules: /\$100 al día, quedan \$[\d,.]+ hoy/, declined: /Su última compra fue rechazada: /, request: 'Pedir desbloqueo', send: 'Enviar solicitud', pending: 'Desbloqueo solicitado: esperando al dueño', overridden: /Desbloqueo activo/ },
} as const;

/** Puts the driver's card and language back after each test, even one that timed out. */
let restore: (() => Promise<void>) | null = null;
test.afterEach(async () => {
  await restore?.();
  restore = null;
});

for (const language of ['en', 'es'] as const) {
  test(`a declined driver asks for an override from the dashboard, the owner grants it there, and the retry is approved (${language})`, async ({ page, request, browser }) => {
    await needsCardNetwork(request);
    const say = texts[language];
    const driver = await authHeader(request, DRIVER);
    const owner = await authHeader(request, OWNER);
    const account = (await (await request.get('/api/account', { headers: driver })).json()) as Account;
    const { firstName, lastName, email, phoneNumber, cardNumber } = account;
    const setLanguage = async (value: string) =>
      expect((await request.put('/api/account', { headers: driver, data: { firstName, lastName, email, phoneNumber, language: value } })).status()).toBe(200);
    const controls = `/api/wex/company/cards/${cardNumber}/controls`;
    const before = await (await request.get(controls, { headers: owner })).json();
    restore = async () => {
      await request.delete(`/api/wex/company/cards/${cardNumber}/override`, { headers: owner });
      await request.put(controls, { headers: owner, data: before });
      await setLanguage('en');
    };
    await setLanguage(language);
    expect((await request.put(controls, { headers: owner, data: { dailyLimit: 100 } })).status()).toBe(200);
    // 120 gallons at $3.899 is far over $100 a day.
    const declined = await postNetworkPurchase(request, 'driver-override', { cardNumber, gallons: 120 });
    expect(declined).toMatchObject({ status: 'DECLINED', declineCode: 'DAILY_LIMIT' });

    await openSignedIn(page, DRIVER);
    await expect(page).toHaveURL(/\/dashboard$/);
    const card = page.getByTestId('my-card');
    await expect(card.getByTestId('my-card-rules')).toHaveText(say.rules);
    const panel = card.getByTestId('override-request-panel');
    await expect(panel).toContainText(say.declined);
    // The warning's icon stays beside the text; Request override takes its own line under it.
    const [icon, text, action] = await Promise.all(['.MuiAlert-icon', '.MuiAlert-message', '.MuiAlert-action'].map((part) => panel.locator(part).first().boundingBox()));
    expect(Math.abs(icon!.y - text!.y), 'the decline warning\'s icon is beside its text').toBeLessThan(12);
    expect(action!.y, 'Request override is under the text').toBeGreaterThanOrEqual(text!.y + text!.height - 1);
    await screenshot(page, `driver-dashboard-declined-${language}`);
    await panel.getByRole('button', { name: say.request }).click();
    // The request's dialog reads whole on the narrowest phone, its message field's label too.
    await page.setViewportSize({ width: 320, height: 844 });
    await expect(page.getByRole('dialog').getByRole('textbox')).toBeFocused();
    await expectNoCutText(page, `override request dialog (${language})`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('dialog').getByRole('button', { name: say.send }).click();
    await expect(panel.getByTestId('override-request-status')).toHaveText(say.pending);
    await screenshot(page, `driver-dashboard-requested-${language}`);
    // Where the driver looks for why: the transactions say the decline above the list, and the
    // list's box gives it room, so that the page does not scroll as well as the list.
    await page.goto('/transactions');
    await expect(page.getByTestId('override-request-panel')).toContainText(say.declined);
    await expect(page.getByTestId('transaction-row').first()).toBeVisible();
    const { scrollHeight, innerHeight } = await page.evaluate(() => ({ scrollHeight: document.documentElement.scrollHeight, innerHeight: window.innerHeight }));
    expect(scrollHeight, 'the transactions page scrolls as well as its list').toBeLessThanOrEqual(innerHeight);
    await page.goto('/dashboard');

    // The owner's dashboard lists it (after its first paint) with Grant and Deny.
    const ownerView = await ownerPage(browser);
    try {
      const row = ownerView.getByTestId('override-request-row').filter({ hasText: account.firstName }).first();
      await expect(row).toBeVisible();
      await screenshot(ownerView, `owner-dashboard-override-requests-${language}`);
      await row.getByRole('button', { name: 'Grant' }).click();
      await expect(ownerView.getByTestId('override-request-row').filter({ hasText: account.firstName })).toHaveCount(0);
    } finally {
      await ownerView.context().close();
    }

    const approved = await postNetworkPurchase(request, 'driver-override', { cardNumber, gallons: 120 });
    expect(approved).toMatchObject({ status: 'APPROVED', declineCode: null });
    await page.reload();
    await expect(page.getByTestId('my-card')).toContainText(say.overridden);
    await screenshot(page, `driver-dashboard-overridden-${language}`);
  });
}
