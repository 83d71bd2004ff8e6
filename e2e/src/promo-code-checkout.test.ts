import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectNoRawKeys, launchBrowser, screenshot, VIEWPORTS } from './browser';
import { startStore, type RunningStore } from './store';

/**
 * A promo code entered at checkout (docs/architecture.md, "Promo codes"): a Russian shopper on a phone
 * and an English one on a desktop apply a code to the cart, see the discount and the new total, pay
 * from the balance and find the discount on the receipt; a code that does not exist is refused under
 * the field.
 */

const CODE = 'E2ETEN';

const TEXTS = {
  ru: { nickname: 'Никнейм', password: 'Пароль', logIn: 'Войти', addToCart: 'В корзину', added: 'Добавлено в корзину', promo: 'Промокод', apply: 'Применить', notFound: 'Такого промокода нет.', discountOnReceipt: `Промокод ${CODE}` },
  en: { nickname: 'Nickname', password: 'Password', logIn: 'Log in', addToCart: 'Add to cart', added: 'Added to cart', promo: 'Promo code', apply: 'Apply', notFound: 'There is no such promo code.', discountOnReceipt: `Promo code ${CODE}` },
} as const;

/** expect.poll with room for a busy machine. */
const eventually = <T>(read: () => T | Promise<T>, timeout = 30_000) => expect.poll(read, { timeout, interval: 100 });

let app: RunningStore;
let browser: Browser;

beforeAll(async () => {
  app = await startStore();
  browser = await launchBrowser();
  await app.db('promo_codes').insert({ code: CODE, discount_type: 'percent', discount_value: 10 });
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function shopperAtCheckout(language: keyof typeof TEXTS, viewport: (typeof VIEWPORTS)[keyof typeof VIEWPORTS]): Promise<Page> {
  const text = TEXTS[language];
  const context = await browser.newContext({ viewport });
  await context.addInitScript(`if (!localStorage.getItem('language')) localStorage.setItem('language', '${language}');`);
  const page = await context.newPage();
  await page.goto(`${app.baseUrl}/login`);
  const form = page.locator('main form');
  await form.getByLabel(text.nickname).fill('shopper');
  await form.getByLabel(text.password, { exact: true }).fill('shopper12345');
  await form.getByRole('button', { name: text.logIn }).click();
  await page.waitForURL(`${app.baseUrl}/`);
  await page.goto(`${app.baseUrl}/products/razer-gold`);
  await page.getByRole('button', { name: text.addToCart }).click();
  await eventually(() => page.getByTestId('toast').filter({ hasText: text.added }).count()).toBe(1);
  await page.goto(`${app.baseUrl}/checkout`);
  await eventually(() => page.getByTestId('checkout-total').innerText()).toMatch(/\d/);
  return page;
}

const minor = (text: string) => Number(text.replace(/[^\d]/g, ''));

async function payWithCode(language: keyof typeof TEXTS, viewport: (typeof VIEWPORTS)[keyof typeof VIEWPORTS], shot: string) {
  const text = TEXTS[language];
  const page = await shopperAtCheckout(language, viewport);
  const listTotal = minor(await page.getByTestId('checkout-total').innerText());

  const field = page.getByLabel(text.promo);
  await field.fill('nosuchcode');
  await page.getByRole('button', { name: text.apply }).click();
  await eventually(() => page.getByTestId('promo-code-message').innerText()).toBe(text.notFound);

  await field.fill(CODE.toLowerCase());
  await page.getByRole('button', { name: text.apply }).click();
  await eventually(() => page.getByTestId('checkout-discount').count()).toBe(1);
  // 10 % off, rounded once to the currency's minor units.
  const expectedTotal = listTotal - Math.round(listTotal / 10);
  await eventually(async () => minor(await page.getByTestId('checkout-total').innerText())).toBe(expectedTotal);
  await expectNoRawKeys(page);
  await screenshot(page, `${shot}-checkout`);

  await page.getByTestId('checkout-pay').click();
  await page.waitForURL(`${app.baseUrl}/orders`);
  const orderId = Number(await page.getByTestId('order-card').first().getAttribute('data-order-id'));
  const order = await app.db('orders').where({ id: orderId }).first();
  expect(order).toMatchObject({ total: expectedTotal, discount: listTotal - expectedTotal });

  await page.goto(`${app.baseUrl}/orders/${order.id}`);
  await eventually(() => page.getByTestId('order-discount').count()).toBe(1);
  expect(await page.getByText(text.discountOnReceipt).count()).toBe(1);
  await screenshot(page, `${shot}-receipt`);
  await page.context().close();
}

describe('a promo code at checkout', () => {
  it('a Russian shopper on a phone applies a code and pays the discounted total', async () => {
    await payWithCode('ru', VIEWPORTS.phone, 'storefront-promo-ru-phone');
  }, 150_000);

  it('an English shopper on a desktop applies a code and pays the discounted total', async () => {
    await payWithCode('en', VIEWPORTS.desktop, 'storefront-promo-en-desktop');
  }, 150_000);
});
