import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, RAW_KEY, screenshot, VIEWPORTS } from './browser';
import { startStore, type RunningStore } from './store';

const SHOPPER = { nickname: 'shopper', password: 'shopper12345' };
/** The sandbox game knows a player id of 6 to 12 digits unless it ends in 0; its nickname is Player + the last 4 digits. */
const PLAYER_ID = '123456789';
const PLAYER_NAME = 'Player6789';
const ORDER_TIMEOUT_MS = 30_000;
/** A whole purchase: pages, player checks, checkout and fulfilment by the workers. */
const FLOW_TIMEOUT_MS = 120_000;

/** expect.poll with room for a busy machine (its default gives up after 1 s). */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });

let app: RunningStore;
let browser: Browser;
let session: { token: string; nickname: string; userId: string };

beforeAll(async () => {
  app = await startStore();
  browser = await launchBrowser();
  const response = await fetch(`${app.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(SHOPPER),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { token: string; nickname: string; userId: number | string };
  session = { token: body.token, nickname: body.nickname, userId: String(body.userId) };
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** A fresh browser profile in English (or `language`) with the given display currency, logged in when asked. */
async function openContext(
  viewport: { width: number; height: number },
  { currency, loggedIn = false, language = 'en' }: { currency: 'USD' | 'RUB'; loggedIn?: boolean; language?: 'ru' | 'en' | 'uz' },
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  const storage: Record<string, string> = { language, currency };
  if (loggedIn) Object.assign(storage, { token: session.token, nickname: session.nickname, userId: session.userId });
  // Seeded on the first page load only: what the test changes later (a login, a logout) is kept.
  await context.addInitScript(`
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      for (const [key, value] of Object.entries(${JSON.stringify(storage)})) localStorage.setItem(key, value);
    }
  `);
  return context;
}

async function logInOnLoginPage(page: Page): Promise<void> {
  await page.waitForURL(/\/login$/);
  await page.locator('input[name="nickname"]').fill(SHOPPER.nickname);
  await page.locator('input[name="password"]').fill(SHOPPER.password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Types the sandbox player's id into the Player ID field of `scope` and checks it. */
async function findPlayer(scope: Page | Locator): Promise<void> {
  await scope.getByLabel('Player ID').fill(PLAYER_ID);
  await scope.getByRole('button', { name: 'Find', exact: true }).click();
  await eventually(() => scope.getByTestId('verified-player').textContent()).toContain(PLAYER_NAME);
}

/** The Free Fire tab on show (the other one is hidden). */
function visibleTab(page: Page): Locator {
  return page.getByRole('tabpanel');
}

/** A button of the Steam page's wallet currency selector (the header has its own USD button). */
function steamCurrency(page: Page, code: 'USD' | 'RUB' | 'KZT'): Locator {
  return page.getByRole('group', { name: 'Wallet currency' }).getByRole('button', { name: code, exact: true });
}

/** A full-page screenshot without passing notifications, taken from the top (the header is fixed). */
async function pageScreenshot(page: Page, name: string): Promise<void> {
  for (const close of await page.getByTestId('toast').getByRole('button', { name: 'Dismiss notification' }).all()) {
    await close.click();
  }
  await eventually(() => page.getByTestId('toast').count()).toBe(0);
  await page.evaluate('window.scrollTo(0, 0)');
  await screenshot(page, name);
}

function toasts(page: Page) {
  return page.getByTestId('toast').allTextContents();
}

/** The shopper's newest order and its top-up item, straight from the store's database. */
async function latestTopupOrder(): Promise<{ id: number; status: string; topupData: Record<string, any> }> {
  const order = await app.db('orders')
    .join('users', 'users.id', 'orders.user_id')
    .where('users.nickname', SHOPPER.nickname)
    .orderBy('orders.id', 'desc')
    .first('orders.id', 'orders.status');
  expect(order).toBeDefined();
  const item = await app.db('order_items').where({ order_id: order.id }).first('topup_data');
  return { id: Number(order.id), status: order.status, topupData: item?.topup_data ?? {} };
}

/** Pays the checkout from the balance and follows the order on its page until it is completed. */
async function payAndWaitForCompletion(page: Page, expectedTotal: string): Promise<Record<string, any>> {
  await page.waitForURL(/\/checkout$/);
  // A total on sale also names the list price it is down from.
  await eventually(() => page.getByTestId('checkout-total').textContent()).toContain(expectedTotal);
  const before = await app.db('orders').max('id as id').first();
  await page.getByRole('button', { name: `Pay ${expectedTotal}` }).click();
  await page.waitForURL(/\/orders$/);

  const order = await latestTopupOrder();
  expect(order.id).toBeGreaterThan(Number(before?.id ?? 0));
  await page.goto(`${app.baseUrl}/orders/${order.id}`);
  // The order page polls by itself until the order settles.
  await expect
    .poll(() => page.getByTestId('order-status').getAttribute('data-status'), { timeout: ORDER_TIMEOUT_MS, interval: 250 })
    .toBe('completed');
  expect((await latestTopupOrder()).status).toBe('completed');
  return order.topupData;
}

describe('game top-ups to a completed order', () => {
  it('Free Fire: logs in from the page, checks the player, picks an offer and pays from the USD balance', async () => {
    const context = await openContext(VIEWPORTS.desktop, { currency: 'USD' });
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/products/freefire`);
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Free Fire');

    const topupTab = visibleTab(page);
    // Empty id: the game's own warning.
    await topupTab.getByRole('button', { name: 'Find', exact: true }).click();
    await eventually(() => toasts(page)).toContainEqual(expect.stringContaining('Please enter your Free Fire player ID'));
    // An id ending in 0 does not exist.
    await topupTab.getByLabel('Player ID').fill('123456780');
    await topupTab.getByRole('button', { name: 'Find', exact: true }).click();
    // Said under the field, where the shopper is looking, not only in a passing toast.
    await eventually(() => topupTab.getByTestId('player-id-error').textContent()).toContain('Invalid ID');
    expect(await topupTab.getByTestId('verified-player').count()).toBe(0);

    await findPlayer(topupTab);
    await page.getByRole('button', { name: /^310 / }).click();
    expect(await page.getByRole('button', { name: /^310 / }).getAttribute('aria-pressed')).toBe('true');
    await eventually(() => page.getByTestId('summary-total').textContent()).toBe('$2.99');

    // Logged out: a warning, then /login, which brings the shopper back here.
    await page.getByRole('button', { name: 'Top up now' }).click();
    await logInOnLoginPage(page);
    expect(new URL(page.url()).pathname).toBe('/products/freefire');

    await findPlayer(visibleTab(page));
    await page.getByRole('button', { name: /^310 / }).click();
    await page.getByRole('button', { name: 'Top up now' }).click();
    const topupData = await payAndWaitForCompletion(page, '$2.99');
    expect(topupData).toMatchObject({ service: 'freefire', player_id: PLAYER_ID, offer_id: 102, offer_name: expect.stringMatching(/^310 /), player_name: PLAYER_NAME });
    await context.close();
  }, FLOW_TIMEOUT_MS);

  it('PUBG: a quick pick makes the combination, then the verified player is topped up from the USD balance', async () => {
    const context = await openContext(VIEWPORTS.phone, { currency: 'USD' });
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/login`);
    await logInOnLoginPage(page);
    await page.goto(`${app.baseUrl}/products/pubg`);
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('PUBG Mobile');

    await page.getByRole('button', { name: '720 UC', exact: true }).click();
    expect(await page.getByLabel('Your amount').inputValue()).toBe('720');
    // The demo promotion takes 10 % off each package: 0.99 and 9.99 are 0.89 and 8.99.
    await eventually(() => page.getByTestId('summary-total').locator('s').textContent()).toBe('$10.98');
    await eventually(() => page.getByTestId('summary-total').textContent()).toContain('$9.88');
    expect(await page.getByText('720 UC in total').count()).toBe(1);
    const topUp = page.getByRole('button', { name: 'Top up now' });
    // No verified player yet.
    expect(await topUp.isDisabled()).toBe(true);

    // Clicking a package toggles it and clears the custom amount.
    await page.getByRole('button', { name: /^60 UC/ }).click();
    expect(await page.getByLabel('Your amount').inputValue()).toBe('');
    await eventually(() => page.getByTestId('summary-total').textContent()).toContain('$8.99');
    // Digits only; 0 clears the selection.
    await page.getByLabel('Your amount').fill('0');
    await eventually(() => page.getByTestId('summary-total').textContent()).toBe('—');
    await page.getByLabel('Your amount').fill('720');
    await eventually(() => page.getByTestId('summary-total').textContent()).toContain('$9.88');

    await findPlayer(page);
    expect(await topUp.isDisabled()).toBe(false);
    await topUp.click();
    // Checkout charges the sale price; the client sent the list prices.
    const topupData = await payAndWaitForCompletion(page, '$9.88');
    expect(topupData).toMatchObject({ price_usd: 10.98 });
    expect(await app.db('orders').where({ id: (await latestTopupOrder()).id }).first('total', 'promotion_discount')).toEqual({ total: 988, promotion_discount: 110 });
    expect(topupData).toMatchObject({ service: 'pubg', player_id: PLAYER_ID, offer_id: -1, offer_name: 'PUBG Topup 720 UC' });
    expect((topupData.packages as Array<{ uc_amount: number }>).map((pkg) => pkg.uc_amount).sort((a, b) => a - b)).toEqual([60, 660]);
    await context.close();
  }, FLOW_TIMEOUT_MS);

  it('Steam: the amount is calculated as it is typed and the wallet is topped up from the RUB balance', async () => {
    const context = await openContext(VIEWPORTS.desktop, { currency: 'RUB' });
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/login`);
    await logInOnLoginPage(page);
    await page.goto(`${app.baseUrl}/products/steam`);
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Steam Wallet');

    const proceed = page.getByTestId('steam-proceed');
    expect(await proceed.isDisabled()).toBe(true);
    await page.getByLabel('Steam login', { exact: true }).fill('gaben_test');
    await page.getByLabel('Amount, USD').fill('10');
    // 10 USD + 3 % = 10.30 USD, at 79 RUB per USD.
    await eventually(() => page.getByTestId('steam-deducted').textContent()).toBe('₽813.70');
    expect(await page.getByText('$0.30').count()).toBeGreaterThan(0);
    await eventually(() => proceed.textContent()).toBe('Proceed to Checkout · ₽813.70');

    // Another input currency clears the calculation until the new one arrives.
    await steamCurrency(page, 'KZT').click();
    expect(await page.getByTestId('steam-deducted').textContent()).toBe('—');
    await steamCurrency(page, 'USD').click();
    await eventually(() => proceed.textContent()).toBe('Proceed to Checkout · ₽813.70');

    expect(await proceed.isDisabled()).toBe(false);
    await proceed.click();
    const topupData = await payAndWaitForCompletion(page, '₽813.70');
    expect(topupData).toMatchObject({
      service: 'steam',
      login: 'gaben_test',
      offer_id: 0,
      offer_name: 'Steam 10 USD',
      price_usd: 10,
      price_rub: 790,
      commission: 0.3,
      currency: 'rub',
    });
    await context.close();
  }, FLOW_TIMEOUT_MS);
});

describe('Free Fire code activation', () => {
  it('opens on ?tab=activate, switches tabs without history entries and reports a wrong code', async () => {
    const context = await openContext(VIEWPORTS.desktop, { currency: 'USD', loggedIn: true });
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/products/freefire?tab=activate`);
    const activateTab = page.getByRole('tab', { name: 'Activate code' });
    await eventually(() => activateTab.getAttribute('aria-selected')).toBe('true');

    const historyLength = await page.evaluate('window.history.length');
    await page.getByRole('tab', { name: 'Top up' }).click();
    await eventually(() => new URL(page.url()).search).toBe('');
    await activateTab.click();
    await eventually(() => new URL(page.url()).search).toBe('?tab=activate');
    expect(await page.evaluate('window.history.length')).toBe(historyLength);

    const panel = page.getByRole('tabpanel', { name: 'Activate code' });
    const activate = panel.getByRole('button', { name: 'Activate now' });
    expect(await activate.isDisabled()).toBe(true);
    await panel.getByLabel('Player ID').fill(PLAYER_ID);
    await panel.getByRole('button', { name: 'Find', exact: true }).click();
    await eventually(() => panel.getByTestId('verified-player').textContent()).toContain(PLAYER_NAME);
    await panel.getByLabel('Activation code').fill('WRONG-CODE-1234');
    expect(await activate.isDisabled()).toBe(false);
    await activate.click();
    await eventually(() => toasts(page)).toContainEqual(expect.stringContaining('Invalid code. Check the code and try again.'));
    // A failure keeps what was typed, so it can be corrected.
    expect(await panel.getByLabel('Activation code').inputValue()).toBe('WRONG-CODE-1234');
    await context.close();
  }, FLOW_TIMEOUT_MS);
});

describe('Steam without a session', () => {
  it('asks to log in to calculate, with a way to the login page that comes back', async () => {
    const context = await openContext(VIEWPORTS.desktop, { currency: 'USD' });
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/products/steam`);
    await page.getByLabel('Amount, USD').fill('5');
    await eventually(() => toasts(page)).toContainEqual(expect.stringContaining('Login required to calculate amount'));
    expect(await page.getByTestId('steam-proceed').textContent()).toBe('Log in to top up');
    await page.getByTestId('toast').getByRole('button', { name: 'Go to Login' }).click();
    await logInOnLoginPage(page);
    expect(new URL(page.url()).pathname).toBe('/products/steam');
    await context.close();
  }, FLOW_TIMEOUT_MS);
});

describe.each(Object.entries(VIEWPORTS))('the demo PUBG promotion on a %s', (_name, viewport) => {
  it.each(['ru', 'en', 'uz'] as const)('strikes through each package’s list price beside its sale price, in %s', async (language) => {
    const context = await openContext(viewport, { currency: 'RUB', language });
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/products/pubg`);
    // 60 UC lists at 78.21 RUB; 10 % off is 7.82: 70.39.
    const tile = page.getByRole('button', { name: /^60\sUC/ });
    await eventually(() => tile.locator('s').textContent()).toMatch(/78[.,]21/);
    expect(await tile.locator('s').isVisible()).toBe(true);
    expect(await tile.textContent()).toMatch(/70[.,]39.*−10%/);
    expect(await tile.getByText('−10%').isVisible()).toBe(true);
    const box = await tile.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(viewport.width);
    await context.close();
  }, FLOW_TIMEOUT_MS);
});

describe.each(Object.entries(VIEWPORTS))('the game pages on a %s', (name, viewport) => {
  it('look right with a verified player and a choice made, with no raw translation keys', async () => {
    const context = await openContext(viewport, { currency: 'RUB', loggedIn: true });
    const page = await context.newPage();

    await page.goto(`${app.baseUrl}/products/freefire`);
    await findPlayer(visibleTab(page));
    await page.getByRole('button', { name: /^520 / }).click();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
    await pageScreenshot(page, `storefront-freefire-${name}`);

    await page.getByRole('tab', { name: 'Activate code' }).click();
    expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
    await pageScreenshot(page, `storefront-freefire-activate-${name}`);

    await page.goto(`${app.baseUrl}/products/pubg`);
    // Digit grouping follows the interface language.
    await page.getByRole('button', { name: /^1.920 UC$/ }).click();
    await findPlayer(page);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
    await pageScreenshot(page, `storefront-pubg-${name}`);

    await page.goto(`${app.baseUrl}/products/steam`);
    await page.getByLabel('Steam login', { exact: true }).fill('gaben_test');
    await page.getByLabel('Amount, USD').fill('25');
    await eventually(() => page.getByTestId('steam-deducted').textContent()).not.toBe('—');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
    await pageScreenshot(page, `storefront-steam-${name}`);

    // The login guide: opened from the info icon, closed with 'Got it', focus back on the icon.
    const info = page.getByRole('button', { name: 'How to find your Steam login' });
    await info.click();
    const guide = page.getByRole('dialog', { name: 'How to find your Steam login' });
    await eventually(() => guide.isVisible()).toBe(true);
    expect(await guide.locator('ol > li').count()).toBe(4);
    // The modal covers the viewport, so this one is taken at viewport size.
    await screenshot(page, `storefront-steam-guide-${name}`, { fullPage: false });
    await page.keyboard.press('Enter');
    await eventually(() => guide.isVisible()).toBe(false);
    expect(await info.evaluate((element) => element === element.ownerDocument.activeElement)).toBe(true);
    await context.close();
  }, FLOW_TIMEOUT_MS);
});
