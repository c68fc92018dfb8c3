import { expect, test, type Page } from '@playwright/test';
import {
  OWNER,
  apiToken,
  expectAccessible,
  expectNoSidewaysScroll,
  expectShell,
  readOutbox,
  screenshot,
  signOutFromShell,
  uniqueEmail,
  uniqueLetters,
  openSignedIn,
  chooseOption,
  chooseMenuItem,
  pressUntilShown,
} from './support';

/*
 * The office against the real binary: the demo owner invites a dispatcher and a bookkeeper from
 * the Members page (account menu); each opens the mailed link, sets a name and password, is
 * signed in, and sees only what the role allows: the navigation hides the rest, and a link to
 * the Members page says the role cannot use it.
 */

const PASSWORD = 'Office123';

/** The token of the newest invitation mailed to `email` ({public URL}/invite/{token}). */
async function readInvitationToken(email: string): Promise<string> {
  let token: string | undefined;
  await expect
    .poll(() => {
      token = readOutbox(email).match(/\/invite\/([A-Za-z0-9_-]+)/)?.[1];
      return token;
    })
    .toBeDefined();
  return token!;
}

async function invite(page: Page, email: string, role: string, group?: string) {
  await page.getByRole('button', { name: 'Invite a member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member' });
  await dialog.getByLabel('E-mail').fill(email);
  await chooseOption(page, dialog.getByRole('combobox', { name: 'Role' }), role);
  if (group) await chooseOption(page, dialog.getByRole('combobox', { name: 'Group' }), group, { exact: true });
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByTestId('invitation-sent')).toContainText(`Invitation sent to ${email} as ${role}. The link works until`);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('invitation-row').filter({ hasText: email })).toBeVisible();
}

async function accept(page: Page, email: string, { narrow = false } = {}) {
  const token = await readInvitationToken(email);
  await page.goto(`/invite/${token}`);
  await expect(page.getByRole('heading', { name: 'Join your company' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'invitation page');
  await expectAccessible(page, 'invitation page');
  if (narrow) {
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: 320, height: 720 });
    await screenshot(page, 'invite-320', { fullPage: true });
    await page.setViewportSize(size);
  }
  await page.getByLabel(/^First name/).fill('Ina');
  await page.getByLabel(/^Last name/).fill(uniqueLetters());
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel(/^Confirm password/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Join and sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectShell(page);
}

test('an owner invites a dispatcher and a bookkeeper, who each see only what their role allows', async ({ page }) => {
  // A long address, to see it wrap on the Members page at 320 px.
  const dispatcher = uniqueEmail('dispatcher.of.the.southern.terminal.night.shift');
  const bookkeeper = uniqueEmail('bookkeeper');
  await openSignedIn(page, OWNER);
  await expectShell(page);
  await chooseMenuItem(page, page.getByTestId('navigation-drawer').getByRole('button', { name: 'Account' }), 'Members');
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByTestId('member-row').filter({ hasText: OWNER.email })).toContainText('(you)');
  await invite(page, dispatcher, 'Dispatcher');
  await invite(page, bookkeeper, 'Bookkeeper');
  // screenshot(): no sideways scroll, axe-core, the picture.
  await screenshot(page, 'members-desktop', { fullPage: true });
  await page.setViewportSize({ width: 320, height: 720 });
  // Measured once the shell is the phone's: until the resize reaches the app, the desktop drawer
  // still takes its width from the 320 px.
  await expect(page.getByTestId('navigation-bar')).toBeVisible();
  await expect(page.getByTestId('navigation-drawer')).toBeHidden();
  await expectNoSidewaysScroll(page, 'members page at 320 px');
  // The long address wraps before its @ and dots, within the row.
  const longRow = page.getByTestId('invitation-row').filter({ hasText: dispatcher });
  const rowBox = (await longRow.boundingBox())!;
  expect(rowBox.x + rowBox.width).toBeLessThanOrEqual(320);
  await screenshot(page, 'members-320', { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signOutFromShell(page);

  // The dispatcher: vehicles but no IFTA, and no members.
  await accept(page, dispatcher, { narrow: true });
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Vehicles' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'IFTA' })).toHaveCount(0);
  await page.goto('/members');
  await expect(page.getByTestId('role-cannot')).toContainText("Your role (dispatcher) cannot see or manage the company's members.");
  await page.goto('/ifta');
  await expect(page.getByTestId('role-cannot')).toContainText('Your role (dispatcher) cannot see IFTA returns.');
  await signOutFromShell(page);

  // The bookkeeper: IFTA, but no members either.
  await accept(page, bookkeeper);
  await expect(menu.getByRole('link', { name: 'IFTA' })).toBeVisible();
  // The menu is open (its Sign out shows) before Members is found missing from it.
  await pressUntilShown(page.getByTestId('navigation-drawer').getByRole('button', { name: 'Account' }), page.getByRole('menuitem', { name: 'Sign out' }));
  await expect(page.getByRole('menuitem', { name: 'Members' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/members');
  await expect(page.getByTestId('role-cannot')).toContainText('Your role (bookkeeper) cannot');
  await screenshot(page, 'members-role-cannot');
});

test("an owner limits a dispatcher to a group: the dispatcher sees only the group's card", async ({ page, request }) => {
  const group = `Terminal ${uniqueLetters()}`;
  const dispatcher = uniqueEmail('terminal.dispatcher');
  // An active card whose driver name no other card has, to find its row by searching.
  const token = await apiToken(request, OWNER.email, OWNER.password);
  const response = await request.get('/api/wex/company/get-cards', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBe(true);
  const cards = ((await response.json()) as { value: { cardNumber: string; driverName: string; status: string }[] }).value;
  const card = cards.find(
    (candidate) => candidate.status === 'ACTIVE' && candidate.driverName && cards.filter((other) => other.driverName === candidate.driverName).length === 1,
  )!;
  expect(card).toBeDefined();

  // The owner adds the group on the Members page.
  await openSignedIn(page, OWNER);
  await expectShell(page);
  await page.goto('/members');
  await page.getByRole('button', { name: 'Add a group' }).click();
  const naming = page.getByRole('dialog', { name: 'Add a group' });
  await naming.getByLabel(/^Name/).fill(group);
  await naming.getByRole('button', { name: 'Add a group' }).click();
  await expect(naming).toHaveCount(0);
  await expect(page.locator(`[data-testid="group-row"][data-name="${group}"]`)).toContainText('Cards: 0');

  // ... puts the card in it from the card's Edit dialog ...
  await page.goto('/fuel-cards');
  await page.getByRole('searchbox', { name: 'Search cards...' }).fill(card.driverName);
  const row = page.locator(`[data-testid="fuel-card-row"][data-card="${card.cardNumber}"]`);
  await expect(page.getByTestId('fuel-card-row')).toHaveCount(1);
  await row.getByRole('button', { expanded: false }).click();
  await row.getByRole('button', { name: 'Edit Card' }).click();
  const editing = page.getByRole('dialog', { name: 'Edit Card Details' });
  await chooseOption(page, editing.getByRole('combobox', { name: 'Group' }), group, { exact: true });
  await editing.getByRole('button', { name: 'Save' }).click();
  await expect(editing).toHaveCount(0);

  // ... and invites a dispatcher limited to it.
  await page.goto('/members');
  await expect(page.locator(`[data-testid="group-row"][data-name="${group}"]`)).toContainText('Cards: 1');
  await invite(page, dispatcher, 'Dispatcher', group);
  await signOutFromShell(page);

  // The dispatcher sees the group's one card and no other.
  await accept(page, dispatcher);
  await page.goto('/fuel-cards');
  await expect(row).toBeVisible();
  await expect(page.getByTestId('fuel-card-row')).toHaveCount(1);
  await expectNoSidewaysScroll(page, 'fuel cards of a group');
});
