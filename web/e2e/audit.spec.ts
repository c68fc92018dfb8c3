import { expect, test, type APIRequestContext } from '@playwright/test';
import { OWNER, expectAccessible, expectShell, isPhone, screenshot, openSignedIn } from './support';

/*
 * End to end against the real binary and its demo data: the owner changes a card's limit in its
 * Controls, then reads who changed it in the card's History and on the Audit page.
 */

interface Card {
  cardNumber: string;
  status: 'ACTIVE' | 'INACTIVE';
  driverName: string;
}

async function ownerCards(request: APIRequestContext): Promise<Card[]> {
  const auth = await request.post('/api/authenticate', { data: { username: OWNER.email, password: OWNER.password } });
  const { token } = (await auth.json()) as { token: string };
  const cards = await request.get('/api/wex/company/get-cards', { headers: { Authorization: `Bearer ${token}` } });
  return ((await cards.json()) as { value: Card[] }).value;
}

test('the owner changes a card limit and reads who changed it', async ({ page, request }) => {
  const active = (await ownerCards(request)).filter((card) => card.status === 'ACTIVE');
  const card = active[isPhone() ? 3 : 4]!;
  expect(card).toBeDefined();
  const limit = isPhone() ? '310' : '320';

  await openSignedIn(page, OWNER);
  await expectShell(page);

  await page.goto('/fuel-cards');
  await page.getByRole('searchbox', { name: 'Search cards...' }).fill(card.driverName);
  const row = page.locator(`[data-testid="fuel-card-row"][data-card="${card.cardNumber}"]`);
  await row.getByRole('button', { expanded: false }).click();
  await row.getByRole('button', { name: 'Controls', exact: true }).click();
  const controls = page.getByRole('dialog', { name: /Card controls/ });
  await controls.getByLabel('Per day', { exact: true }).fill(limit);
  await controls.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Controls saved')).toBeVisible();

  // The card's own history names the owner and the new limit.
  await row.getByRole('button', { name: 'History', exact: true }).click();
  const history = page.getByRole('dialog', { name: /History of/ });
  const change = history.getByTestId('audit-row').first();
  await expect(change).toContainText('Card controls changed');
  await expect(change).toContainText(`${OWNER.email} (owner)`);
  // As the owner typed it: a daily limit in dollars (not the stored cents).
  await expect(change.getByTestId('audit-change').filter({ hasText: new RegExp(`^Daily limit: .* → \\$${limit}\\.00$`) })).toHaveCount(1);
  await expectAccessible(page, 'card history');
  await history.getByRole('button', { name: 'Close' }).click();

  // The Audit page lists it too.
  await page.goto('/audit');
  await expect(page.getByRole('heading', { name: 'Audit trail', level: 1 })).toBeVisible();
  await expect(page.getByTestId('audit-row').first()).toContainText(OWNER.email);
  // screenshot(): no sideways scroll, axe-core, the picture.
  await screenshot(page, 'audit-page', { fullPage: true });
});
