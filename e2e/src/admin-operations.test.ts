import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import {
  adminSession,
  DEMO_ADMIN,
  notification,
  openAdmin as openAdminFor,
  settleAndShoot,
  signInOnStorefront,
  WAIT,
  type SessionState,
  type Viewport,
} from './back-office';
import { launchBrowser, VIEWPORTS } from './browser';
import { startStore, type RunningStore } from './store';

/**
 * The back office's operations tabs against the whole store: an admin switches promotions and sees
 * the storefront's badges follow, credits a shopper's balance with a reason, opens and refunds an order,
 * reads the dashboard, refreshes exchange rates and opens the queue dashboard; a shopper is kept
 * out. Every tab's list and form is photographed on a desktop (English) and a phone (Russian).
 */
let app: RunningStore;
let browser: Browser;
/** The admin's session, logged in once on the storefront (the token is shared through localStorage). */
let adminState: SessionState;
/** The order the shopper placed (paid from the balance). */
let orderId: number;
let orderProductTitle: string;
/** Ids the phone pass opens pages of. */
let shopperId: number;
let turkeyRegionId: number;
let usdRubRateId: number;
let seededPromotionId: number;

const SHOPPER = { nickname: 'shopper', password: 'shopper12345' };
const NEW_PROMOTION = 'Arena weekend: +15% diamonds';
/** A seeded promotion: its own (Russian) text, as the back office lists it. */
const SEEDED_PROMOTION = '-10% на PUBG UC';
/** The same promotion on the storefront, in whichever language the store shows it ("-10% on PUBG UC" in English). */
const SEEDED_BADGE = /^-10% .* PUBG UC$/;

async function api<T>(path: string, options: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${app.baseUrl}/api${path}`, {
    method: options.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${options.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The shopper buys one gift code with their USD balance, through the store's own API. */
async function placeShopperOrder(): Promise<{ orderId: number; productTitle: string }> {
  const { token } = await api<{ token: string }>('/login', { method: 'POST', body: SHOPPER });
  const products = await api<Array<{ id: number; title: string; category: string }>>('/products');
  for (const product of products.filter((p) => p.category === 'gift_card')) {
    const options = await api<Array<{ game_amount: number; price_usd: number; price_rub: number; available_count: number }>>(
      `/products/${product.id}/codes/0`,
    );
    const option = options.find((o) => o.available_count > 0 && o.price_usd < 50);
    if (!option) continue;
    await api('/cart/add', {
      method: 'POST',
      token,
      body: { productId: product.id, gameAmount: option.game_amount, priceUsd: option.price_usd, priceRub: option.price_rub, quantity: 1, regionId: 0 },
    });
    await api('/payment/from-balance', { method: 'POST', token, body: { currency: 'usd' } });
    const order = await app.db('orders').where({ user_id: app.db('users').select('id').where({ nickname: SHOPPER.nickname }) }).orderBy('id', 'desc').first();
    return { orderId: Number(order.id), productTitle: product.title };
  }
  throw new Error('No gift card with global codes in stock');
}

beforeAll(async () => {
  app = await startStore();
  browser = await launchBrowser();
  adminState = await adminSession(browser, app.baseUrl);
  ({ orderId, productTitle: orderProductTitle } = await placeShopperOrder());
  shopperId = (await app.db('users').where({ nickname: SHOPPER.nickname }).first()).id;
  turkeyRegionId = (await app.db('regions').where({ code: 'TR' }).first()).id;
  seededPromotionId = (await app.db('promotions').where({ text: SEEDED_PROMOTION }).first()).id;
  usdRubRateId = (await app.db('currency_rates').where({ from_currency: 'usd', to_currency: 'rub' }).first()).id;
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const openAdmin = (viewport: Viewport, language: 'en' | 'ru' = 'en') => openAdminFor(browser, adminState, viewport, language);

async function storefrontBadges(context: BrowserContext): Promise<string[]> {
  const store = await context.newPage();
  await store.goto(`${app.baseUrl}/`);
  // The hero's badge list (English: the admin's context sets the language). It appears once the promotions
  // have loaded, which on a busy machine can come after the network has been idle for a while.
  const list = store.getByRole('list', { name: 'Current promotions' });
  await list.waitFor({ timeout: 15_000 });
  const badges = await list.getByRole('listitem').allInnerTexts();
  await store.close();
  return badges.map((text) => text.trim());
}

describe('the operations tabs', () => {
  it('keeps a shopper out: /admin/ sends them to the storefront home', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await signInOnStorefront(context, app.baseUrl, SHOPPER);
    await page.goto(`${app.baseUrl}/admin/orders`);
    await page.waitForURL(`${app.baseUrl}/`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count(), WAIT).toBe(1);
    // Still signed in on the storefront: the guard only turns them away.
    expect(await page.evaluate("localStorage.getItem('token')")).toBeTruthy();
    await context.close();
  });

  it('shows the dashboard figures, with links into the lists and the queue dashboard', async () => {
    // The shopper's order is delivered by the workers.
    await expect.poll(async () => (await app.db('orders').where({ id: orderId }).first()).status, { timeout: 30_000 }).toBe('completed');
    const order = await app.db('orders').where({ id: orderId }).first();

    const { context, page } = await openAdmin(VIEWPORTS.desktop);
    await page.goto(`${app.baseUrl}/admin/dashboard`);
    const sales = page.getByRole('group', { name: "Today's sales" });
    await expect.poll(() => sales.innerText(), { timeout: 15_000 }).toContain('Orders completed today');
    const salesText = await sales.innerText();
    expect(salesText).toContain(`$${(Number(order.total) / 100).toFixed(2)}`);
    expect(salesText).toMatch(/Orders completed today\s+1/);
    await expect.poll(() => page.getByText('Orders by status').count(), WAIT).toBe(1);
    for (const panel of ['Low stock', 'Failed jobs', 'Code generation']) expect(await page.getByText(panel, { exact: true }).count()).toBe(1);
    await settleAndShoot(page, 'admin-dashboard-desktop');

    // The ten tabs in the specification's order, after the dashboard, then the queue dashboard.
    const menu = (await page.getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
    const tabs = ['Products', 'Orders', 'Users', 'Codes', 'Generated codes', 'Promotions', 'Regions', 'Currency rates', 'PUBG codes', 'Free Fire codes'];
    expect(menu.filter((item) => tabs.includes(item))).toEqual(tabs);
    expect(menu).toContain('Queue dashboard');

    // Orders by status lead to the list filtered by that status.
    await page.getByRole('link', { name: /Completed\s+1/ }).click();
    await page.waitForURL(/\/admin\/orders\?/);
    await expect.poll(() => page.locator('tbody tr').count(), WAIT).toBe(1);

    // The queue dashboard opens in a tab of its own, signed in by its cookie.
    await page.goto(`${app.baseUrl}/admin/dashboard`);
    const [queues] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Queue dashboard' }).click()]);
    await queues.waitForURL(/\/api\/admin\/queues\/$/);
    await expect.poll(() => queues.getByText('fulfilment', { exact: true }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await context.close();
  });

  it('switches promotions and the storefront home page shows the active ones only', async () => {
    const { context, page } = await openAdmin(VIEWPORTS.desktop);
    expect(await storefrontBadges(context)).toContainEqual(expect.stringMatching(SEEDED_BADGE));

    await page.goto(`${app.baseUrl}/admin/promotions`);
    const seededRow = page.locator('tbody tr').filter({ hasText: SEEDED_PROMOTION });
    await expect.poll(() => seededRow.count(), WAIT).toBe(1);
    await settleAndShoot(page, 'admin-promotions-desktop');
    await seededRow.getByRole('switch').or(seededRow.getByRole('checkbox')).click();
    await expect.poll(() => notification(page, 'Element updated').count(), WAIT).toBe(1);
    expect(await app.db('promotions').where({ text: SEEDED_PROMOTION }).first()).toMatchObject({ active: false });

    await page.getByRole('link', { name: 'Create' }).click();
    await page.waitForURL(/\/admin\/promotions\/create$/);
    await page.locator('input[name="text"]').fill(NEW_PROMOTION);
    await page.locator('input[name="backgroundColor"]').fill('#zz0000');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Enter a colour as #rrggbb').count(), WAIT).toBe(1);
    await page.locator('input[name="backgroundColor"]').fill('#0f9d58');
    // The live preview is the storefront's badge.
    await expect.poll(() => page.getByText(NEW_PROMOTION, { exact: true }).count(), WAIT).toBe(1);
    await settleAndShoot(page, 'admin-promotion-create-desktop');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(/\/admin\/promotions$/);
    expect(await app.db('promotions').where({ text: NEW_PROMOTION }).first()).toMatchObject({ active: true, background_color: '#0f9d58' });

    const badges = await storefrontBadges(context);
    expect(badges).toContain(NEW_PROMOTION);
    expect(badges).not.toContainEqual(expect.stringMatching(SEEDED_BADGE));

    await page.locator('tbody tr').filter({ hasText: NEW_PROMOTION }).getByText(NEW_PROMOTION).click();
    await page.waitForURL(/\/admin\/promotions\/\d+$/);
    await expect.poll(() => page.locator('input[name="text"]').inputValue(), WAIT).toBe(NEW_PROMOTION);
    await settleAndShoot(page, 'admin-promotion-edit-desktop');
    await context.close();
  });

  it("credits a shopper's balance with a reason, which the ledger keeps", async () => {
    const { context, page } = await openAdmin(VIEWPORTS.desktop);
    await page.goto(`${app.baseUrl}/admin/users`);
    await expect.poll(() => page.locator('tbody tr').filter({ hasText: SHOPPER.nickname }).count(), WAIT).toBe(1);
    await settleAndShoot(page, 'admin-users-desktop');
    await page.locator('tbody tr').filter({ hasText: SHOPPER.nickname }).first().getByText(SHOPPER.nickname, { exact: true }).click();
    await page.waitForURL(/\/admin\/users\/\d+$/);
    await page.locator('input[name="amount"]').waitFor(WAIT);
    // The user's orders, with the one placed.
    await expect.poll(() => page.getByText(`#${orderId}`).count(), WAIT).toBeGreaterThan(0);
    await settleAndShoot(page, 'admin-user-edit-desktop');

    const shopper = await app.db('users').where({ nickname: SHOPPER.nickname }).first();
    const before = await app.db('balances').where({ user_id: shopper.id, currency: 'usd' }).first();
    await page.locator('input[name="amount"]').fill('123.45');
    await page.getByRole('button', { name: 'Credit the balance' }).click();
    await expect.poll(() => page.getByText('Say why the balance changes').count(), WAIT).toBe(1);
    await page.locator('textarea[name="reason"]').fill('Goodwill credit for a late delivery');
    await page.getByRole('button', { name: 'Credit the balance' }).click();
    await expect.poll(() => notification(page, 'The balance was credited').count(), WAIT).toBe(1);

    expect(await app.db('balances').where({ user_id: shopper.id, currency: 'usd' }).first()).toMatchObject({ amount: Number(before?.amount ?? 0) + 12345 });
    const entry = await app.db('balance_ledger').where({ user_id: shopper.id, currency: 'usd' }).orderBy('id', 'desc').first();
    expect(JSON.stringify(entry)).toContain('Goodwill credit for a late delivery');
    await expect.poll(() => page.getByText('Goodwill credit for a late delivery').count(), WAIT).toBeGreaterThan(0);

    // A new password for the user, after a confirmation.
    await page.locator('input[name="password"]').fill('abc');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText('Must be 6 characters at least').count(), WAIT).toBeGreaterThan(0);
    await page.locator('input[name="password"]').fill('newpass1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => notification(page, `The password of ${SHOPPER.nickname} was changed`).count(), WAIT).toBe(1);
    await api('/login', { method: 'POST', body: { nickname: SHOPPER.nickname, password: 'newpass1' } });
    await context.close();
  });

  it('opens an order with its items, and refunds it to the balance after a confirmation', async () => {
    const { context, page } = await openAdmin(VIEWPORTS.desktop);
    await page.goto(`${app.baseUrl}/admin/orders`);
    const row = page.locator('tbody tr').filter({ hasText: `#${orderId}` });
    await expect.poll(() => row.count(), WAIT).toBe(1);
    await settleAndShoot(page, 'admin-orders-desktop');
    await row.getByText(`#${orderId}`).click();
    await page.waitForURL(new RegExp(`/admin/orders/${orderId}/show$`));
    await expect.poll(() => page.locator('main').innerText(), WAIT).toContain(orderProductTitle);
    const shown = await page.locator('main').innerText();
    expect(shown).toContain('Completed');
    expect(shown).toContain('Activation codes are not shown here');
    await settleAndShoot(page, 'admin-order-show-desktop');

    const order = await app.db('orders').where({ id: orderId }).first();
    const before = await app.db('balances').where({ user_id: order.user_id, currency: 'usd' }).first();
    await page.getByRole('button', { name: 'Refund to balance' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Note (optional)').fill('Code did not work for the buyer');
    await dialog.getByRole('button', { name: /^Refund/ }).click();
    await expect.poll(() => notification(page, 'refunded').count(), WAIT).toBe(1);
    await expect.poll(() => page.locator('main').innerText(), WAIT).toContain('Failed');
    // A failed order offers a re-run, and no second refund.
    expect(await page.getByRole('button', { name: 'Refund to balance' }).count()).toBe(0);
    const after = await app.db('balances').where({ user_id: order.user_id, currency: 'usd' }).first();
    expect(Number(after.amount) - Number(before.amount)).toBe(Number(order.total));

    // The status change offers only the allowed transition, and asks first.
    await page.getByRole('button', { name: 'Change status' }).click();
    const choices = await page.getByRole('menuitem').allInnerTexts();
    expect(choices).toEqual(['Mark as “Processing”']);
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('refuses to delete a region that codes use, with the API message', async () => {
    const { context, page } = await openAdmin(VIEWPORTS.desktop);
    await page.goto(`${app.baseUrl}/admin/regions`);
    const row = page.locator('tbody tr').filter({ hasText: 'Турция' });
    await expect.poll(() => row.count(), WAIT).toBe(1);
    await settleAndShoot(page, 'admin-regions-desktop');
    await row.getByText('Турция').click();
    await page.waitForURL(/\/admin\/regions\/\d+$/);
    await expect.poll(() => page.locator('input[name="name"]').inputValue(), WAIT).toBe('Турция');
    await settleAndShoot(page, 'admin-region-edit-desktop');
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => page.getByRole('dialog').innerText(), WAIT).toContain('A region that codes still use cannot be deleted');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => notification(page, 'cannot be deleted. Deactivate it instead').count(), WAIT).toBe(1);
    expect(await app.db('regions').where({ code: 'TR' }).first()).toBeTruthy();
    await context.close();
  });

  it('refreshes the exchange rates now and edits the currency settings', async () => {
    const { context, page } = await openAdmin(VIEWPORTS.desktop);
    // Within the 10 % a refresh may move a rate by itself.
    await app.db('currency_rates').where({ from_currency: 'usd', to_currency: 'rub' }).update({ rate: '75' });
    await page.goto(`${app.baseUrl}/admin/currencyRates`);
    const row = page.locator('tbody tr').filter({ hasText: 'USD' }).filter({ hasText: 'RUB' }).first();
    await expect.poll(() => row.innerText(), WAIT).toContain('75');
    await page.getByRole('button', { name: 'Refresh now' }).click();
    await expect.poll(() => notification(page, 'Rates refreshed').count(), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => row.innerText(), WAIT).toContain('79');

    await page.locator('input[name="steamCommissionPercent"]').fill('3.5');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => notification(page, 'Currency settings saved').count(), WAIT).toBe(1);
    expect(await app.db('currency_settings').first()).toMatchObject({ steam_commission_percent: '3.50' });
    await settleAndShoot(page, 'admin-currency-rates-desktop');

    await row.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/admin\/currencyRates\/\d+$/);
    await expect.poll(() => page.locator('input[name="rate"]').inputValue(), WAIT).toContain('79');
    await page.locator('input[name="rate"]').fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Enter a rate above 0').count(), WAIT).toBe(1);
    await settleAndShoot(page, 'admin-currency-rate-edit-desktop');
    await context.close();
  });
});

describe('on a phone, in Russian', () => {
  const pages: Array<[name: string, path: () => string, ready: string]> = [
    ['admin-dashboard-phone', () => '/admin/dashboard', 'Заказы по статусам'],
    ['admin-orders-phone', () => '/admin/orders', 'shopper'],
    ['admin-order-show-phone', () => `/admin/orders/${orderId}/show`, 'Позиции'],
    ['admin-users-phone', () => '/admin/users', SHOPPER.nickname],
    ['admin-user-edit-phone', () => `/admin/users/${shopperId}`, 'Сменить пароль'],
    ['admin-promotions-phone', () => '/admin/promotions', NEW_PROMOTION],
    ['admin-promotion-create-phone', () => '/admin/promotions/create', 'На главной странице'],
    ['admin-promotion-edit-phone', () => `/admin/promotions/${seededPromotionId}`, SEEDED_PROMOTION],
    ['admin-regions-phone', () => '/admin/regions', 'Турция'],
    ['admin-region-edit-phone', () => `/admin/regions/${turkeyRegionId}`, 'Превью'],
    ['admin-currency-rates-phone', () => '/admin/currencyRates', 'Настройки валют'],
    ['admin-currency-rate-edit-phone', () => `/admin/currencyRates/${usdRubRateId}`, 'Автообновление'],
  ];

  it.each(pages)('shows %s', async (name, path, ready) => {
    const { context, page } = await openAdmin(VIEWPORTS.phone, 'ru');
    await page.goto(`${app.baseUrl}${path()}`);
    await expect.poll(() => page.getByText(ready).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await settleAndShoot(page, name);
    await context.close();
  });
});

it('sends an admin whose session ended to the back office sign-in page', async () => {
  const { context, page } = await openAdmin(VIEWPORTS.desktop);
  await page.goto(`${app.baseUrl}/admin/orders`);
  await expect.poll(() => page.locator('tbody tr').count(), WAIT).toBeGreaterThan(0);
  // The admin's password changes elsewhere (set again to the same): every token signed before stops working.
  const elsewhere = await api<{ token: string }>('/login', { method: 'POST', body: DEMO_ADMIN });
  await api('/profile/password', {
    method: 'POST',
    token: elsewhere.token,
    body: { currentPassword: DEMO_ADMIN.password, newPassword: DEMO_ADMIN.password },
  });
  await page.getByRole('button', { name: 'Refresh' }).first().click();
  await page.waitForURL(/\/admin\/login$/);
  expect(await page.evaluate("localStorage.getItem('token')")).toBeNull();
  await context.close();
});
