import { expect, test, type APIRequestContext } from '@playwright/test';
import { DRIVER, OWNER, expectNoSidewaysScroll, expectStationCardsReadable, isPhone, screenshot, signIn, authHeader, needsCardNetwork, postNetworkPurchase } from './support';

/*
 * A driver who reads Spanish (docs/product.md, Languages): the language chosen on the account
 * is kept on the server, so an English browser shows the app in Spanish once they sign in: the
 * dashboard, the planner and the transactions, with a declined purchase's reason in Spanish.
 * Switching back to English on the account page keeps English.
 */

interface Account {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  cardNumber: string;
  language: string;
}

async function chooseLanguage(request: APIRequestContext, headers: Record<string, string>, language: 'en' | 'es') {
  const account = (await (await request.get('/api/account', { headers })).json()) as Account;
  const { firstName, lastName, email, phoneNumber } = account;
  const response = await request.put('/api/account', { headers, data: { firstName, lastName, email, phoneNumber, language } });
  expect(response.status(), await response.text()).toBe(200);
  return account;
}

/** A purchase on the driver's card over a 50-gallon tank: declined, OVER_TANK_CAPACITY. */
async function declinedPurchase(request: APIRequestContext, cardNumber: string) {
  const owner = await authHeader(request, OWNER);
  const controls = `/api/wex/company/cards/${cardNumber}/controls`;
  const before = await (await request.get(controls, { headers: owner })).json();
  expect((await request.put(controls, { headers: owner, data: { tankCapacityGallons: 50 } })).status()).toBe(200);
  try {
    const purchase = await postNetworkPurchase(request, 'spanish', { cardNumber, gallons: 120 });
    expect(purchase).toMatchObject({ status: 'DECLINED', declineCode: 'OVER_TANK_CAPACITY' });
    return purchase;
  } finally {
    await request.put(controls, { headers: owner, data: before });
  }
}

test('a driver who chose Spanish reads the app in Spanish and can switch back to English', async ({ page, request }) => {
  await needsCardNetwork(request);
  const driver = await authHeader(request, DRIVER);
  const account = await chooseLanguage(request, driver, 'es');
  const declined = await declinedPurchase(request, account.cardNumber);

  // The browser is English: the sign-in page is too, until the account's language applies.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  await signIn(page, DRIVER.email, DRIVER.password);
  await expect(page.getByTestId(isPhone() ? 'navigation-bar' : 'navigation-drawer')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Panel', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Menú principal' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByText('Transacciones recientes')).toBeVisible();
  await screenshot(page, 'spanish-dashboard');

  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: isPhone() ? 'Paradas' : 'Paradas de combustible' }).click();
  await expect(page.getByRole('heading', { name: 'Paradas de combustible', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Trazar ruta' })).toBeVisible();
  await expect(page.getByTestId('station-card').first().getByTestId('savings')).toHaveText(/de descuento$/);
  if (isPhone()) await expectStationCardsReadable(page, 'station cards in Spanish');
  await screenshot(page, 'spanish-planner');

  await page.goto('/transactions');
  await expect(page.getByRole('heading', { name: 'Transacciones', level: 1 })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Buscar transacciones...' }).fill(declined.invoiceRef);
  const row = page.getByTestId('transaction-row').filter({ hasText: declined.invoiceRef });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('decline-reason')).toHaveText('Supera la capacidad del tanque');
  await expect(row).toContainText('Rechazada');
  await screenshot(page, 'spanish-transactions');

  await row.click();
  await expect(page.getByTestId('transaction-detail')).toContainText('Supera la capacidad del tanque');
  await expect(page.getByTestId('transaction-detail')).toContainText('Precio por galón');
  await screenshot(page, 'spanish-transaction-detail');

  await page.goto('/trips');
  await expect(page.getByRole('heading', { name: 'Viajes', level: 1 })).toBeVisible();
  await screenshot(page, 'spanish-trips');

  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Ajustes', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: /Cuenta/ }).click();
  await expect(page.getByRole('heading', { name: 'Cuenta', level: 1 })).toBeVisible();
  const languages = page.getByRole('group', { name: 'Idioma de la aplicación' });
  await expect(languages.getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'true');
  await screenshot(page, 'spanish-account');
  await languages.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  await expect(page.getByText('Language saved')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect.poll(async () => ((await (await request.get('/api/account', { headers: driver })).json()) as Account).language).toBe('en');

  // English stays after a reload, and on the pages before.
  await page.goto('/transactions');
  await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page, 'transactions in English');
});

test.describe('a Spanish browser', () => {
  test.use({ locale: 'es-MX' });

  test('shows the sign-in page in Spanish, with a switch to English', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Bienvenido de nuevo' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByText('Este campo no debe estar vacío').first()).toBeVisible();
    await screenshot(page, 'spanish-sign-in');
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });
});
