import { expect, test, type Page } from '@playwright/test';
import {
  OWNER,
  expectAccessible,
  expectNoSidewaysScroll,
  expectShell,
  readOutbox,
  screenshot,
  signIn,
  signOutFromShell,
  uniqueEmail,
  uniqueLetters,
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

async function invite(page: Page, email: string, role: string) {
  await page.getByRole('button', { name: 'Invite a member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member' });
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: role }).click();
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
  await page.goto('/');
  await signIn(page, OWNER.email, OWNER.password);
  await expectShell(page);
  await page.getByTestId('navigation-drawer').getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Members' }).click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByTestId('member-row').filter({ hasText: OWNER.email })).toContainText('(you)');
  await invite(page, dispatcher, 'Dispatcher');
  await invite(page, bookkeeper, 'Bookkeeper');
  await expectNoSidewaysScroll(page, 'members page');
  await expectAccessible(page, 'members page');
  await screenshot(page, 'members-desktop', { fullPage: true });
  await page.setViewportSize({ width: 320, height: 720 });
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
  await page.getByTestId('navigation-drawer').getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('menuitem', { name: 'Members' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.goto('/members');
  await expect(page.getByTestId('role-cannot')).toContainText('Your role (bookkeeper) cannot');
  await screenshot(page, 'members-role-cannot');
});
