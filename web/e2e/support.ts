import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';

const here = dirname(fileURLToPath(import.meta.url));
export const SCREENSHOT_DIR = join(here, 'screenshots');

export const OWNER = { email: 'owner@demo.test', password: 'DemoPass1' };
export const DRIVER = { email: 'driver@demo.test', password: 'DemoPass1' };
export const BOOKKEEPER = { email: 'bookkeeper@demo.test', password: 'DemoPass1' };

/** The Playwright project running the test: 'phone' (390×844, touch) or 'desktop' (1280×800). */
export function projectName(): string {
  return test.info().project.name;
}

export const isPhone = (): boolean => projectName() === 'phone';

/** The page does not scroll sideways: nothing is wider than the viewport. */
export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${where}: the page scrolls sideways at ${innerWidth} px`).toBeLessThanOrEqual(innerWidth);
}

/** Text a reader cannot read whole, as findCutText reports it. */
export type CutText = { text: string; how: 'cut' | 'broken' | 'scrolls sideways'; where: string };

/**
 * Runs in the page (self-contained, for page.evaluate): the visible text under `root` that is
 * cut (an element that clips its overflow, with an ellipsis or not, narrower than its text) or
 * broken (a word's characters on two lines). A line break after a word's own hyphen or slash
 * ("e-|mails", "TRK-|182") is where the language breaks lines and counts only with `strict`; so
 * is any break in `code` (a URL or a key to copy, longer than a phone's line).
 * With `addresses` (a page listing e-mail addresses and the names people typed), an address may
 * also break before its "@" and its dots, and a word wider than its whole line (a long surname, an
 * address's part) may break anywhere: no line holds it.
 * Elements matching `mayShorten` may be cut (names the next screen shows whole). Hidden and
 * visually hidden text (a clip or a 1 px box, for screen readers) is skipped. A box that scrolls
 * sideways (a table wider than its frame) hides what is past its edge: reported too, and so is a
 * text past the left or right edge of its `root` element (a chip out of its card; for the body,
 * expectNoSidewaysScroll measures the page).
 */
export function findCutText({ root, mayShorten, strict, addresses = false }: { root: string; mayShorten: string; strict: boolean; addresses?: boolean }): CutText[] {
  const found: CutText[] = [];
  const hidden = (element: Element | null): boolean => {
    for (let e = element; e; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (style.display === 'none' || style.visibility === 'hidden' || /rect\(0/.test(style.clip) || /inset\(50%/.test(style.clipPath)) return true;
      if (style.overflow === 'hidden' && e instanceof HTMLElement && (e.offsetWidth <= 1 || e.offsetHeight <= 1)) return true;
    }
    return false;
  };
  const where = (element: Element) => {
    const testId = element.closest('[data-testid]')?.getAttribute('data-testid');
    return `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.split(' ')[0]}` : ''}${testId ? ` in [data-testid=${testId}]` : ''}`;
  };
  const checked = new Set<Element>();
  for (const scope of Array.from(document.querySelectorAll(root))) {
    const edges = scope === document.body ? null : scope.getBoundingClientRect();
    for (const box of Array.from(scope.querySelectorAll('*'))) {
      const overflow = getComputedStyle(box).overflowX;
      if ((overflow === 'auto' || overflow === 'scroll') && box.scrollWidth > box.clientWidth + 1 && !box.closest('.maplibregl-map') && !hidden(box))
        found.push({ text: (box.textContent ?? '').trim().slice(0, 80), how: 'scrolls sideways', where: where(box) });
    }
    const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const element = node.parentElement;
      if (!text.trim() || !element || element.closest('svg, script, style, .maplibregl-map') || element.getClientRects().length === 0 || hidden(element)) continue;
      if (!checked.has(element)) {
        checked.add(element);
        const style = getComputedStyle(element);
        const rect = element.getBoundingClientRect();
        const clipped = style.overflowX !== 'visible' && element.scrollWidth > element.clientWidth + 1;
        const outside = edges !== null && (rect.left < edges.left - 0.5 || rect.right > edges.right + 0.5);
        if ((clipped || outside) && !(mayShorten && element.matches(mayShorten)))
          found.push({ text: (element.textContent ?? '').trim(), how: 'cut', where: where(element) });
      }
      if (!strict && element.closest('code')) continue;
      for (const word of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = Array.from(range.getClientRects()).filter((rect) => rect.width > 0);
        if (new Set(lines.map((rect) => Math.round(rect.top))).size < 2) continue;
        // The character the first line ends with.
        const firstTop = Math.round(lines[0]!.top);
        let end = word[0].length - 1;
        for (let i = 1; i < word[0].length; i++) {
          range.setStart(node, word.index + i);
          range.setEnd(node, word.index + i + 1);
          const rect = range.getClientRects()[0];
          if (rect && Math.round(rect.top) !== firstTop) {
            end = i - 1;
            break;
          }
        }
        if (!strict && addresses) {
          const width = lines.reduce((sum, rect) => sum + rect.width, 0);
          if (/[@.]/.test(word[0][end + 1] ?? '') || width > element.clientWidth) continue;
        }
        if (strict || !/[-/]/.test(word[0][end]!)) found.push({ text: `${word[0].slice(0, end + 1)}|${word[0].slice(end + 1)}`, how: 'broken', where: where(element) });
      }
    }
  }
  return found;
}

/**
 * Names a list may cut with an ellipsis at phone widths, since the screen each row opens shows
 * them whole: a purchase's station (transactions, the dashboard's recent ones).
 */
const MAY_BE_SHORTENED = ['.transaction-row-location', '.recent-transaction-location'].join(', ');

/**
 * No text on the page is cut or broken inside a word (findCutText), but the names of
 * MAY_BE_SHORTENED; with `addresses`, e-mail addresses and names longer than a line break as
 * findCutText allows them to.
 */
export async function expectNoCutText(page: Page, where: string, { addresses = false }: { addresses?: boolean } = {}): Promise<void> {
  const cut = await page.evaluate(findCutText, { root: 'body', mayShorten: MAY_BE_SHORTENED, strict: false, addresses });
  expect(cut, `${where}: text cut or broken inside a word at ${page.viewportSize()?.width} px`).toEqual([]);
}

/**
 * The planner's station cards read in full at 320, 390 and 430 px (docs/product.md): no text cut
 * or broken, but for a closed card's name and place (whole once open), and each closed card's
 * content within its fixed height; with every card closed, then with the first open. Leaves the
 * first card closed and the page at 390 px.
 */
export async function expectStationCardsReadable(page: Page, where: string): Promise<void> {
  const first = page.getByTestId('station-card').first();
  const toggle = first.getByRole('button').first();
  await expect(first).toHaveAttribute('data-expanded', 'false');
  for (const state of ['closed', 'first open'] as const) {
    if (state === 'first open') {
      await toggle.click();
      await expect(first).toHaveAttribute('data-expanded', 'true');
    }
    for (const width of [320, 390, 430]) {
      await page.setViewportSize({ width, height: 844 });
      await expect.poll(() => page.evaluate(() => window.innerWidth)).toBe(width);
      const at = `${where}, ${state}, ${width} px`;
      const closedNames = ['station-name', 'station-place'].map((id) => `[data-expanded="false"] [data-testid="${id}"]`).join(', ');
      expect(await page.evaluate(findCutText, { root: '[data-testid="station-card"]', mayShorten: closedNames, strict: true }), at).toEqual([]);
      const overfull = await page.getByTestId('station-card').evaluateAll((cards) =>
        cards.filter((card) => card.dataset.expanded === 'false' && card.firstElementChild!.scrollHeight > card.clientHeight).map((card) => card.textContent),
      );
      expect(overfull, `${at}: closed cards taller than their height`).toEqual([]);
      await expectNoSidewaysScroll(page, at);
    }
  }
  await toggle.click();
  await expect(first).toHaveAttribute('data-expanded', 'false');
  await page.setViewportSize({ width: 390, height: 844 });
}

/**
 * axe-core rules whose serious findings are reported (annotation "axe-known") instead of
 * failing the test. Empty: every serious or critical finding fails.
 */
const KNOWN_AXE_RULES = new Set<string>();

/** axe-core on the page as it is now: no serious or critical violation (see KNOWN_AXE_RULES). */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  // Colours are measured as painted: a toast or dialog still fading in has blended colours
  // that no user reads, so let running transitions finish first.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().filter((animation) => animation.playState === 'running' && Number.isFinite(animation.effect?.getComputedTiming().endTime)).map((animation) => animation.finished.catch(() => undefined))),
  );
  // Legacy mode: axe.run in the page itself. The default (axe.runPartial in each frame, then
  // axe.finishRun in a blank page it opens in the context, axe injected again there) costs a
  // new page with its own renderer per scan, ~4x the time of the scan; the app has no
  // cross-origin frame of its own for that mode to reach. Only the violations are collected in
  // full: the passing nodes' selectors and snippets (hundreds a page) are work nobody reads.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const describe = (violation: (typeof serious)[number]) =>
    `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)} ${node.failureSummary ?? ''}`).join(' | ')}`;
  for (const violation of serious.filter((v) => KNOWN_AXE_RULES.has(v.id))) {
    test.info().annotations.push({ type: 'axe-known', description: `${where}: ${describe(violation)}` });
    console.warn(`axe (known, open): ${where}: ${describe(violation)}`);
  }
  const bad = serious.filter((violation) => !KNOWN_AXE_RULES.has(violation.id)).map(describe);
  expect(bad, `${where}: axe-core violations`).toEqual([]);
}

/**
 * Skips the test when a dependency it needs is missing, unless the project's test script
 * runs it (FUELPORTAL_TEST_STRICT=1, as in CI): then the test fails with the reason, so CI
 * never passes by skipping.
 */
export function needs(present: boolean, reason: string): void {
  if (present) return;
  if (process.env.FUELPORTAL_TEST_STRICT) throw new Error(`missing under the test script: ${reason}`);
  test.skip(true, reason);
}

/** Path of a screenshot of this project: e2e/screenshots/<project>/<name>.png. */
export function screenshotPath(name: string): string {
  const dir = join(SCREENSHOT_DIR, projectName());
  mkdirSync(dir, { recursive: true });
  return join(dir, `${name}.png`);
}

/**
 * Checks the page as a visitor sees it now: no sideways scroll and no serious or
 * critical axe-core violation; then a full-page screenshot to
 * e2e/screenshots/<project>/<name>.png (the picture is skipped with E2E_SCREENSHOTS=0).
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const where = `${name} [${projectName()}]`;
  await expectNoSidewaysScroll(page, where);
  await expectAccessible(page, where);
  await picture(page, name, options);
}

/** Only the picture of screenshot(): for a page axe-core has just checked as it is now. */
export async function picture(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === '0') return;
  await page.screenshot({ path: screenshotPath(name), fullPage: options.fullPage ?? true });
}

/** A unique address per run, so a reused database never collides. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@e2e.test`;
}

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/**
 * Opens path (the dashboard unless given) signed in as user, without the sign-in page: for flows
 * that are not about signing in (signin.spec.ts, guards.spec.ts, the sign-up and language specs
 * sign in through the page). The tokens come from POST /api/authenticate, as the sign-in page
 * gets them, and are stored where the app keeps them (src/lib/auth/session-storage.ts) on a
 * document of the app's origin without the app (the health check's answer); the app, opened
 * next, reads them and loads the account, as after the sign-in page. Saves each such test the
 * sign-in page's load and its sign-in.
 */
export async function openSignedIn(page: Page, user: { email: string; password: string }, path = '/dashboard'): Promise<void> {
  const response = await page.request.post('/api/authenticate', { data: { username: user.email, password: user.password } });
  expect(response.status(), await response.text()).toBe(200);
  const tokens = (await response.json()) as { token: string; refreshToken: string };
  await page.goto('/api/health');
  await page.evaluate(({ token, refreshToken }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('refreshToken', refreshToken);
  }, tokens);
  await page.goto(path);
}

/** The signed-in shell: the side drawer from 900 px up, the bottom bar on phones. */
export async function expectShell(page: Page): Promise<void> {
  await expect(page.getByTestId(isPhone() ? 'navigation-bar' : 'navigation-drawer')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
}

/** The shell is gone (signed out). */
export async function expectNoShell(page: Page): Promise<void> {
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
}

/** Newest messages of the server's outbox for `email` (no SMTP in tests). */
export function readOutbox(email: string): string {
  const binary = process.env.E2E_BINARY!;
  return execFileSync(binary, ['mail', 'outbox', '--to', email, '--db', process.env.E2E_DB!], { encoding: 'utf8' });
}

/** The 6-digit one-time code of the newest mail to `email`. */
export async function readResetCode(email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        code = readOutbox(email).match(/code is (\d{6})\b/)?.[1];
        return code;
      },
    )
    .toBeDefined();
  return code!;
}

/**
 * Unclaimed active Demo Freight cards (demo.FreeCardNumbers in the Go demo package;
 * the numbers are deterministic). Each can be claimed by one driver sign-up.
 */
export const DEMO_FREE_CARDS = [
  '7071018740855103219',
  '7071012603034832932',
  '7071018096395228754',
  '7071019742823635149',
  '7071016509400444762',
  '7071010260639101635',
];

/** A demo card no driver has claimed yet (E2E_FREE_CARDS, comma-separated, overrides the list). */
export async function findFreeCard(request: APIRequestContext): Promise<string | undefined> {
  const listed = process.env.E2E_FREE_CARDS?.split(',').map((card) => card.trim()).filter(Boolean);
  for (const card of listed ?? DEMO_FREE_CARDS) {
    const response = await request.get(`/api/account/check/cardNumber/${card}`);
    if (response.ok()) return card;
  }
  return undefined;
}

/**
 * On a phone a control can sit under the fixed bottom bar: bring it to the middle of the screen
 * first, as a thumb would, then press it. A control that never shows fails the test in the
 * expectations' time (not the test's), however long it took the page to show it.
 */
export async function tap(locator: Locator, { timeout }: { timeout?: number } = {}): Promise<void> {
  await expect(locator).toBeVisible({ timeout });
  await locator.evaluate((element) => element.scrollIntoView({ block: 'center' }), undefined, { timeout });
  await locator.click({ timeout });
}

/**
 * Presses `opener` (a select, a menu's button) until `item` shows, then presses `item`. On a loaded
 * host a press that came while the dialog around a select was still settling once opened nothing,
 * and the test waited for the option until its time ran out. A press is repeated only while the
 * item is not shown, and an open list covers its opener (a press on it would close the list): a
 * press that cannot land within a few seconds is given up and tried again, never waited on for
 * the test's whole time.
 */
export async function openAndChoose(opener: Locator, item: Locator): Promise<void> {
  await pressUntilShown(opener, item);
  await item.click();
}

/** Presses `opener` until `shown` shows, as openAndChoose does: a list or menu open, to be read. */
export async function pressUntilShown(opener: Locator, shown: Locator): Promise<void> {
  await expect(async () => {
    if (!(await shown.isVisible())) await tap(opener, { timeout: 5_000 });
    await expect(shown).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 0 });
}

/** Picks the option `name` of a select (MUI's Select opens on the press itself): openAndChoose. */
export async function chooseOption(page: Page, combobox: Locator, name: string | RegExp, { exact = false } = {}): Promise<void> {
  await openAndChoose(combobox, page.getByRole('option', { name, exact }));
}

/** Picks the item `name` of the menu `button` opens (the bottom bar's More, the Account menu): openAndChoose. */
export async function chooseMenuItem(page: Page, button: Locator, name: string): Promise<void> {
  await openAndChoose(button, page.getByRole('menuitem', { name }));
}

/**
 * Picks a place in the planner's Departure or Destination search (an Autocomplete fed by
 * GET /api/maps/geocode as the text changes): types `typed`, then picks the suggestion `option`.
 * Until the suggestion shows, the text is typed again if the field does not hold it (keys lost,
 * or the field reset by the page) and the list opened again (ArrowDown) if it was closed.
 */
export async function pickPlace(page: Page, field: 'Departure' | 'Destination', typed: string, option: string): Promise<void> {
  const input = page.getByRole('combobox', { name: field, exact: true });
  const suggestion = page.getByRole('option', { name: option, exact: true });
  await expect(async () => {
    if (!(await suggestion.isVisible())) {
      if ((await input.inputValue({ timeout: 5_000 })) !== typed) await input.fill(typed, { timeout: 5_000 });
      else if ((await input.getAttribute('aria-expanded', { timeout: 5_000 })) !== 'true') await input.press('ArrowDown', { timeout: 5_000 });
    }
    await expect(suggestion).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 0 });
  await suggestion.click();
  await expect(input).toHaveValue(option);
}

/**
 * In the planner: picks the departure and the destination (each [typed, suggestion], as pickPlace
 * takes them), builds the route and waits for the stations near it.
 */
export async function buildRoute(page: Page, departure: [string, string], destination: [string, string]): Promise<void> {
  await pickPlace(page, 'Departure', ...departure);
  await pickPlace(page, 'Destination', ...destination);
  await page.getByRole('button', { name: 'Build Route' }).click();
  await expect(page.getByRole('heading', { name: /^Stations Near Route \(\d+\)$/ })).toBeVisible();
}

/** Phones fold the transaction filters (dates, card) behind a Filters button: unfold them. */
export async function openTransactionFilters(page: Page): Promise<void> {
  // Named with the count of filters set ("2 filters set: Filters"), as its badge shows it. The
  // search box comes with it: once the box shows, a toggle that is not there is not coming.
  await expect(page.getByRole('searchbox', { name: 'Search transactions...' })).toBeVisible();
  const toggle = page.getByRole('button', { name: /^(\d+ filters? set: )?Filters$/ });
  if ((await toggle.count()) > 0 && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
}

/**
 * Holds the next request matching url until the returned function is called, so that a
 * busy state (a disabled button, a spinner) can be seen whatever the machine's load.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  // Once: the route removes itself after the held request (unrouting it while held would
  // drop the request).
  await page.route(
    url,
    async (route) => {
      await gate;
      await route.continue();
    },
    { times: 1 },
  );
  return open;
}

/** Opens an owner's page from the shell: the drawer's link, or on a phone the bottom bar's More menu. */
export async function openFromShell(page: Page, name: string): Promise<void> {
  if (isPhone()) await chooseMenuItem(page, page.getByTestId('navigation-bar').getByRole('button', { name: 'More' }), name);
  else await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name }).click();
}

/** Opens Settings from the shell: the drawer's entry, or on a phone the bottom bar's Account menu. */
export async function openSettings(page: Page): Promise<void> {
  if (isPhone()) {
    await page.getByTestId('navigation-bar').getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
  } else {
    await page.getByTestId('navigation-drawer').getByRole('link', { name: 'Settings' }).click();
  }
}

const SIGN_OUT_TEXTS = {
  en: { account: 'Account', signOut: 'Sign out', confirm: 'Sign out?' },
  es: { account: 'Cuenta', signOut: 'Cerrar sesión', confirm: '¿Cerrar sesión?' },
};

/** Signs out from the shell: Account (the bottom bar's or the drawer's), Sign out, then the confirmation's Sign out. */
export async function signOutFromShell(page: Page, language: keyof typeof SIGN_OUT_TEXTS = 'en'): Promise<void> {
  const texts = SIGN_OUT_TEXTS[language];
  await page.getByTestId(isPhone() ? 'navigation-bar' : 'navigation-drawer').getByRole('button', { name: texts.account }).click();
  await page.getByRole('menuitem', { name: texts.signOut }).click();
  await page.getByRole('dialog', { name: texts.confirm }).getByRole('button', { name: texts.signOut }).click();
}

/** Letters only, unique per run: names are validated as names. */
export function uniqueLetters(): string {
  const letters = (Date.now().toString(36) + Math.floor(Math.random() * 36 ** 3).toString(36)).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
  return letters.charAt(0).toUpperCase() + letters.slice(1);
}

/** Waits until the planner's map is still (no pan, zoom or fitBounds animation running). */
export async function expectMapAtRest(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __plannerMap: import('maplibre-gl').Map }).__plannerMap.isMoving()))
    .toBe(false);
}

/** A bearer token for username, from the sign-in API. */
export async function apiToken(request: APIRequestContext, username: string, password: string): Promise<string> {
  const response = await request.post('/api/authenticate', { data: { username, password } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/** The Authorization header of `who`, signed in through the API. */
export async function authHeader(request: APIRequestContext, who: { email: string; password: string }): Promise<{ Authorization: string }> {
  return { Authorization: `Bearer ${await apiToken(request, who.email, who.password)}` };
}

/** Skips the test when the server was started without a card network key (the network's API answers 503). */
export async function needsCardNetwork(request: APIRequestContext): Promise<void> {
  const probe = await request.post('/api/network/transactions', { headers: { 'X-Network-Key': process.env.E2E_NETWORK_KEY! }, data: {} });
  needs(probe.status() !== 503, 'the server was started without a card network key (FUELPORTAL_NETWORK_KEY is not read)');
}

/** The card network's purchase, as POST /api/network/transactions answered it. */
export type NetworkPurchase = {
  transactionId: number;
  status: 'APPROVED' | 'DECLINED';
  declineCode: string | null;
  declineReason: string | null;
  invoiceRef: string;
  transactionDate: string;
  fundedTotal: number;
  netPrice: number;
};

/**
 * A diesel purchase the card network reports on `cardNumber` (answered 201): `gallons` at the first
 * demo truck stop (demo.FirstStationID; E2E_LOCATION_ID overrides it), $3.899 a gallon, now, unless
 * told otherwise. `tag` names the spec in the purchase's network id, unique each call.
 */
export async function postNetworkPurchase(
  request: APIRequestContext,
  tag: string,
  purchase: { cardNumber: string; gallons: number; locationId?: number; retailPrice?: number; transactionDate?: string },
): Promise<NetworkPurchase> {
  const response = await request.post('/api/network/transactions', {
    headers: { 'X-Network-Key': process.env.E2E_NETWORK_KEY! },
    data: {
      networkTransactionId: `e2e-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`,
      locationId: Number(process.env.E2E_LOCATION_ID ?? 10001),
      retailPrice: 3.899,
      transactionDate: new Date().toISOString(),
      productCode: 'DSL',
      ...purchase,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as NetworkPurchase;
}

/** The card the owner's Order dialog created, as POST /api/wex/company/cards answered it. */
export type OrderedCard = { cardNumber: string; issuer: string; issuerCardId: string; last4: string | null };

/**
 * Presses the open Order dialog's Order card button and returns the card the server created
 * (on the Stripe issuer, a Stripe Issuing card with its issuerCardId).
 */
export async function submitCardOrder(page: Page): Promise<OrderedCard> {
  const ordered = page.waitForResponse((response) => response.url().endsWith('/api/wex/company/cards') && response.request().method() === 'POST');
  await page.getByRole('dialog', { name: 'Order a card' }).getByRole('button', { name: 'Order card' }).click();
  const created = await ordered;
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as OrderedCard;
}

/** A driver joins Demo Freight with cardNumber through the sign-up's API, as the wizard posts it. */
export async function signUpDriverWithCard(
  request: APIRequestContext,
  driver: { email: string; password: string; firstName: string; lastName: string; cardNumber: string; phoneNumber: string },
): Promise<void> {
  const response = await request.post('/api/account/create', { data: { username: driver.email, companyName: 'Demo Freight LLC', ...driver } });
  expect(response.status(), await response.text()).toBe(201);
}

/** The signed-in owner approves the driver waiting as driverName on the fuel cards. */
export async function approveDriver(page: Page, driverName: string): Promise<void> {
  await page.goto('/fuel-cards');
  const waiting = page.getByRole('article', { name: driverName });
  await waiting.getByRole('button', { name: `Approve ${driverName}` }).click();
  await expect(waiting).toHaveCount(0);
}

/**
 * Posts Stripe's real-time authorization request for issuerCardId to the Issuing webhook, signed
 * as Stripe signs it (Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "t.payload">), in the shape
 * of stripe-mock's issuing.authorization fixture: a pump that is not amount-controllable, so the
 * answer is all or nothing; driverId is what the driver keyed at the pump (none when absent).
 */
export async function requestAuthorization(request: APIRequestContext, issuerCardId: string, cents: number, driverId?: string) {
  const now = Math.floor(Date.now() / 1000);
  const id = `iauth_e2e${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const payload = JSON.stringify({
    id: `evt_${id}`,
    object: 'event',
    type: 'issuing_authorization.request',
    created: now,
    data: {
      object: {
        id,
        object: 'issuing.authorization',
        amount: 0,
        approved: false,
        authorization_method: 'chip',
        card: { id: issuerCardId, object: 'issuing.card' },
        created: now,
        currency: 'usd',
        status: 'pending',
        is_amount_controllable: false,
        merchant_data: { category: 'fuel_dealers_non_automotive', city: 'OCALA', name: 'PILOT #412', postal_code: '34475', state: 'FL', country: 'US' },
        pending_request: { amount: cents, currency: 'usd', is_amount_controllable: false, merchant_amount: cents },
        ...(driverId ? { fleet: { cardholder_prompt_data: { driver_id: driverId } } } : {}),
        fuel: { type: 'diesel', industry_product_code: '019', unit: 'us_gallon', quantity_decimal: null },
      },
    },
  });
  const response = await postIssuingEvent(request, payload, now);
  expect(response.headers()['stripe-version']).toBeTruthy();
  return (await response.json()) as { approved: boolean; amount?: number; metadata?: { declineCode?: string } };
}

/**
 * Posts an event to the Issuing webhook signed as Stripe signs it (Stripe-Signature:
 * t=<unix>,v1=<hex HMAC-SHA256 of "t.payload">) and expects it taken (200).
 */
async function postIssuingEvent(request: APIRequestContext, payload: string, now: number) {
  const signature = createHmac('sha256', process.env.E2E_ISSUING_WEBHOOK_SECRET!).update(`${now}.${payload}`).digest('hex');
  const response = await request.post('/api/issuing/stripe/webhook', {
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': `t=${now},v1=${signature}` },
    data: payload,
  });
  expect(response.status(), await response.text()).toBe(200);
  return response;
}

/**
 * Posts Stripe's issuing_card.updated for the physical card issuerCardId with its shipping as
 * Stripe reports it (status, carrier, tracking_number, tracking_url, eta in unix seconds).
 */
export async function cardShippingUpdated(request: APIRequestContext, issuerCardId: string, shipping: Record<string, string | number>): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const payload = JSON.stringify({
    id: `evt_e2e_card${Date.now()}${Math.floor(Math.random() * 1e6)}`,
    object: 'event',
    type: 'issuing_card.updated',
    created: now,
    data: { object: { id: issuerCardId, object: 'issuing.card', type: 'physical', status: 'active', shipping: { name: 'Demo Freight LLC', type: 'individual', ...shipping } } },
  });
  await postIssuingEvent(request, payload, now);
}
