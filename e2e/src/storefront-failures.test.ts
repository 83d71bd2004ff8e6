import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectNoRawKeys, launchBrowser, screenshot, VIEWPORTS } from './browser';
import { startStore, type RunningStore } from './store';

/*
 * What a Russian-speaking shopper sees when an amount, a nickname or a cart change is refused: the
 * exact Steam price and its minimum, the nickname rule under its field, and a cart change the
 * server fails for real (a database trigger) explained and rolled back.
 */

const SHOPPER = { nickname: 'shopper', password: 'shopper12345' };
const FLOW_TIMEOUT_MS = 120_000;

/** expect.poll with room for a busy machine (its default gives up after 1 s). */
const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });

let app: RunningStore;
let browser: Browser;
let session: { token: string; nickname: string; userId: string };

async function api<T>(path: string, options: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${app.baseUrl}/api${path}`, {
    method: options.method ?? 'GET',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${options.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Puts one gift card with global codes in stock into the shopper's cart, through the store's own API. */
async function fillCart(): Promise<{ title: string; slug: string }> {
  const products = await api<Array<{ id: number; title: string; slug: string; category: string }>>('/products');
  for (const product of products.filter((p) => p.category === 'gift_card')) {
    const options = await api<Array<{ game_amount: number; price_usd: number; price_rub: number; available_count: number }>>(
      `/products/${product.id}/codes/0`,
    );
    const option = options.find((o) => o.available_count > 2);
    if (!option) continue;
    await api('/cart/add', {
      method: 'POST',
      body: { productId: product.id, gameAmount: option.game_amount, priceUsd: option.price_usd, priceRub: option.price_rub, quantity: 1, regionId: 0 },
    });
    return { title: product.title, slug: product.slug };
  }
  throw new Error('No gift card with global codes in stock');
}

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
}, FLOW_TIMEOUT_MS);

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** A fresh browser profile in Russian with RUB shown, logged in as the shopper when asked. */
async function openContext(viewport: { width: number; height: number }, loggedIn: boolean): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  const storage: Record<string, string> = { language: 'ru', currency: 'RUB' };
  if (loggedIn) Object.assign(storage, { token: session.token, nickname: session.nickname, userId: session.userId });
  await context.addInitScript(`
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      for (const [key, value] of Object.entries(${JSON.stringify(storage)})) localStorage.setItem(key, value);
    }
  `);
  return context;
}

/** A full-page picture from the top (the header is fixed where the page happens to be scrolled). */
async function snap(page: Page, name: string): Promise<void> {
  await page.evaluate('window.scrollTo(0, 0)');
  await screenshot(page, name);
}

/** Makes every `operation` on cart lines fail in the database until the function it answers is called. */
async function breakCartLines(operation: 'INSERT OR UPDATE' | 'DELETE'): Promise<() => Promise<void>> {
  const name = `e2e_refuse_cart_${operation.toLowerCase().replaceAll(' ', '_')}`;
  await app.db.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'cart lines refused by the test'; END $$`);
  await app.db.raw(`CREATE TRIGGER ${name} BEFORE ${operation} ON cart_items FOR EACH ROW EXECUTE FUNCTION ${name}()`);
  return async () => {
    await app.db.raw(`DROP TRIGGER ${name} ON cart_items`);
    await app.db.raw(`DROP FUNCTION ${name}()`);
  };
}

describe.each([
  ['phone', VIEWPORTS.phone],
  ['desktop', VIEWPORTS.desktop],
] as const)('in Russian on a %s', (name, viewport) => {
  it('Steam prices 1000 RUB at exactly 1 030,00 ₽ and refuses 0.5 under the amount field', async () => {
    const context = await openContext(viewport, true);
    const page = await context.newPage();
    const calculations: number[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/steam/calculate')) calculations.push((request.postDataJSON() as { amount: number }).amount);
    });
    await page.goto(`${app.baseUrl}/products/steam`);
    await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Кошелёк Steam');

    await page.getByLabel('Логин Steam', { exact: true }).fill('gaben_test');
    await page.getByRole('group', { name: 'Валюта кошелька' }).getByRole('button', { name: 'RUB', exact: true }).click();
    const amount = page.getByLabel('Сумма, RUB');
    await amount.fill('1000');
    // 1000 / 79 * 1.03 * 79 = 1030 exactly (rounding the dollars first made it 1 030,16).
    await eventually(() => page.getByTestId('steam-deducted').textContent()).toBe('1\u00a0030,00\u00a0₽');
    await eventually(() => page.getByTestId('steam-proceed').textContent()).toBe('Перейти к оплате · 1\u00a0030,00\u00a0₽');
    await expectNoRawKeys(page);
    await snap(page, `steam-exact-1000-rub-${name}`);

    await amount.fill('0.5');
    const error = page.getByTestId('steam-amount-error');
    await eventually(() => error.textContent()).toBe('Минимальная сумма — 1,00\u00a0₽');
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    await eventually(() => page.getByTestId('steam-deducted').textContent()).toBe('—');
    expect(await page.getByTestId('steam-proceed').isDisabled()).toBe(true);
    await snap(page, `steam-below-minimum-${name}`);
    // The refused amount was never sent to be priced.
    expect(calculations).not.toContain(0.5);
    await context.close();
  }, FLOW_TIMEOUT_MS);

  it('registration names the characters a nickname may have, under the nickname field', async () => {
    const context = await openContext(viewport, false);
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/register`);
    const form = page.locator('main form');
    const nickname = form.getByLabel('Никнейм');
    await nickname.fill('мой ник 🎮');
    await form.getByLabel('Пароль', { exact: true }).fill('secret123');
    await form.getByLabel('Повторите пароль').fill('secret123');
    await form.getByRole('button', { name: 'Зарегистрироваться' }).click();

    const message = 'Никнейм может содержать только буквы, цифры и символы _ . - (без пробелов и эмодзи)';
    const describedBy = (await nickname.getAttribute('aria-describedby')) ?? '';
    const errorId = describedBy.split(' ').find((id) => id.endsWith('-error'));
    expect(errorId).toBeDefined();
    await eventually(() => page.locator(`[id="${errorId}"]`).textContent()).toBe(message);
    expect(await nickname.getAttribute('aria-invalid')).toBe('true');
    expect(await app.db('users').where({ nickname: 'мой ник 🎮' }).first()).toBeUndefined();
    await snap(page, `register-nickname-characters-${name}`);

    // A nickname of Cyrillic letters is fine.
    await nickname.fill('мой_ник');
    await form.getByRole('button', { name: 'Зарегистрироваться' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/register'));
    expect(await app.db('users').where({ nickname: 'мой_ник' }).first()).toBeDefined();
    await app.db('users').where({ nickname: 'мой_ник' }).delete();
    await context.close();
  }, FLOW_TIMEOUT_MS);

  it('a cart change the server fails says what was tried and why, and the cart comes back', async () => {
    await api('/cart/clear', { method: 'POST', body: {} });
    const { title, slug } = await fillCart();
    const context = await openContext(viewport, true);
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/cart`);
    await eventually(() => page.getByTestId('cart-total').count()).toBe(1);
    const toast = page.getByTestId('toast');

    const restoreDelete = await breakCartLines('DELETE');
    try {
      await page.getByRole('button', { name: 'Очистить корзину' }).click();
      await page.getByRole('button', { name: 'Да, очистить' }).click();
      await eventually(() => toast.allTextContents()).toContainEqual(
        expect.stringContaining('Не удалось очистить корзину: товары вернулись. Магазину не удалось сохранить изменение: попробуйте ещё раз.'),
      );
      // The line is back on the page and still in the cart.
      await eventually(() => page.getByText(title).count()).toBeGreaterThan(0);
      await eventually(() => page.getByTestId('cart-total').count()).toBe(1);
      expect(await app.db('cart_items').join('users', 'users.id', 'cart_items.user_id').where('users.nickname', SHOPPER.nickname).count({ n: '*' }).first()).toEqual({ n: 1 });
      await snap(page, `cart-clear-failed-${name}`);
    } finally {
      await restoreDelete();
    }

    const restoreUpdate = await breakCartLines('INSERT OR UPDATE');
    try {
      for (const close of await toast.getByRole('button').all()) await close.click();
      await eventually(() => toast.count()).toBe(0);
      await page.getByRole('button', { name: 'Увеличить количество' }).first().click();
      await eventually(() => toast.allTextContents()).toContainEqual(
        expect.stringContaining(`Не удалось изменить количество «${title}»: оно вернулось к прежнему.`),
      );
      // Shown as 2 at once, then rolled back to 1 in sight.
      await eventually(() => page.getByTestId('cart-line').locator('output').textContent()).toBe('1');
      await snap(page, `cart-quantity-failed-${name}`);

      for (const close of await toast.getByRole('button').all()) await close.click();
      await eventually(() => toast.count()).toBe(0);
      await page.goto(`${app.baseUrl}/products/${slug}`);
      await page.getByRole('button', { name: 'В корзину', exact: true }).click();
      await eventually(() => toast.allTextContents()).toContainEqual(
        expect.stringContaining(`Не удалось добавить «${title}» в корзину. Магазину не удалось сохранить изменение: попробуйте ещё раз.`),
      );
      await snap(page, `cart-add-failed-${name}`);
    } finally {
      await restoreUpdate();
    }
    await api('/cart/clear', { method: 'POST', body: {} });
    await context.close();
  }, FLOW_TIMEOUT_MS);
});
