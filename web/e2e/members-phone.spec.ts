import { expect, test, type APIRequestContext } from '@playwright/test';
import { OWNER, apiToken, expectNoCutText, expectNoSidewaysScroll, readOutbox, screenshot, signIn, uniqueEmail, uniqueLetters, picture } from './support';

/*
 * The Members page on a phone, 320 and 430 px wide, in English and Spanish, with what widens it
 * most: a member with a long name limited to a group with a 60-character name (its choice list
 * is as wide as its longest option), a long invited address, and the groups' rows. The page
 * never scrolls sideways, every row ends within the screen, and no text is cut or broken inside a
 * word (an address may break before its "@" and dots, a word no line holds anywhere).
 */

const PASSWORD = 'Office123';

async function api(request: APIRequestContext) {
  return { Authorization: `Bearer ${await apiToken(request, OWNER.email, OWNER.password)}` };
}

async function chooseLanguage(request: APIRequestContext, language: 'en' | 'es') {
  const headers = await api(request);
  const account = (await (await request.get('/api/account', { headers })).json()) as Record<string, string>;
  const { firstName, lastName, email, phoneNumber } = account;
  const response = await request.put('/api/account', { headers, data: { firstName, lastName, email, phoneNumber, language } });
  expect(response.status(), await response.text()).toBe(200);
}

/** Invites email as a dispatcher limited to groupId through the API; accepted when name is given. */
async function inviteDispatcher(request: APIRequestContext, email: string, groupId: number, name?: { firstName: string; lastName: string }) {
  const headers = await api(request);
  const invited = await request.post('/api/wex/company/invitations', { headers, data: { email, role: 'dispatcher', groupId } });
  expect(invited.status(), await invited.text()).toBe(201);
  if (!name) return;
  let token: string | undefined;
  await expect.poll(() => (token = readOutbox(email).match(/\/invite\/([A-Za-z0-9_-]+)/)?.[1])).toBeDefined();
  const accepted = await request.post(`/api/invitations/${token}/accept`, { data: { ...name, password: PASSWORD } });
  expect(accepted.ok(), await accepted.text()).toBe(true);
}

test('the Members page fits a phone from 320 to 430 px in English and Spanish, with no broken word', async ({ page, request }) => {
  const headers = await api(request);
  const groupName = `Southern refrigerated long haul night terminal ${uniqueLetters()}`.slice(0, 60);
  const group = await request.post('/api/wex/company/groups', { headers, data: { name: groupName } });
  expect(group.status(), await group.text()).toBe(201);
  const groupId = ((await group.json()) as { id: number }).id;
  const lastName = `Wolfeschlegelsteinhausenbergerdorff ${uniqueLetters()}`.slice(0, 50);
  const memberEmail = uniqueEmail('maximiliana.alexandrina.wolfeschlegelsteinhausen');
  await inviteDispatcher(request, memberEmail, groupId, { firstName: 'Maximiliana Alexandrina', lastName });
  const invitedEmail = uniqueEmail('dispatcher.of.the.southern.refrigerated.terminal.night.shift');
  await inviteDispatcher(request, invitedEmail, groupId);

  for (const language of ['en', 'es'] as const) {
    await chooseLanguage(request, language);
    try {
      for (const width of [320, 390, 430]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto('/');
        // Signed out (the first time) the sign-in form shows, else the shell: wait for one of them.
        const signInForm = page.getByLabel('Username');
        await expect(signInForm.or(page.getByTestId('navigation-bar'))).toBeVisible();
        if (await signInForm.isVisible()) await signIn(page, OWNER.email, OWNER.password);
        await expect(page.getByTestId('navigation-bar')).toBeVisible();
        await page.goto('/members');
        const member = page.locator(`[data-testid="member-row"][data-email="${memberEmail}"]`);
        await expect(member).toContainText(lastName);
        await expect(member.getByRole('combobox').last()).toHaveValue(String(groupId));
        await expect(page.locator(`[data-testid="invitation-row"][data-email="${invitedEmail}"]`)).toBeVisible();
        await expect(page.locator(`[data-testid="group-row"][data-name="${groupName}"]`)).toBeVisible();
        const where = `Members page, ${language}, ${width} px`;
        await expectNoSidewaysScroll(page, where);
        const rows = page.locator('[data-testid="member-row"], [data-testid="invitation-row"], [data-testid="group-row"]');
        for (const box of await rows.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().right))) {
          expect(box, `${where}: a row ends past the screen`).toBeLessThanOrEqual(width);
        }
        await expectNoCutText(page, where, { addresses: true });
        // axe-core once per language, at the narrowest width: the widths change where things
        // fall, not what the page is made of (its names, roles and colours).
        if (width === 320) await screenshot(page, `members-phone-${language}-${width}`);
        else await picture(page, `members-phone-${language}-${width}`);
      }
    } finally {
      await chooseLanguage(request, 'en');
    }
  }
});
