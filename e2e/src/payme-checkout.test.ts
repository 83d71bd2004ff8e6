import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { PAYME_ENDPOINT_PATH, startPaymeStandIn, type PaymeStandIn } from '@topup/api/testing';
import { expectNoRawKeys, launchBrowser, screenshot, VIEWPORTS } from './browser';
import { startStore, type RunningStore } from './store';

/**
 * A PUBG top-up priced and paid in sums through Payme: an Uzbek shopper on a phone and a Russian one on
 * a desktop switch to UZS, see the price in whole sums, pay on Payme's checkout (a stand-in that then
 * calls the store's Merchant API as Payme does) and come back to the order being delivered.
 */

const MERCHANT = '5e730e8e0b852a417aa49ceb';
const KEY = 'e2e-payme-key';
const PLAYER_ID = '51234567';
const PLAYER_NAME = 'Player4567';

/** expect.poll with room for a busy machine. */
const eventually = <T>(read: () => T | Promise<T>, timeout = 30_000) => expect.poll(read, { timeout, interval: 100 });

let app: RunningStore;
let payme: PaymeStandIn;
let browser: Browser;

beforeAll(async () => {
  payme = await startPaymeStandIn({ merchantId: MERCHANT, key: KEY });
  app = await startStore({
    PAYMENT_PROVIDER: 'sandbox,payme',
    PAYME_MERCHANT_ID: MERCHANT,
    PAYME_KEY: KEY,
    PAYME_CHECKOUT_URL: payme.url,
    PAYME_TEST: 'true',
  });
  payme.connect(`${app.baseUrl}${PAYME_ENDPOINT_PATH}`);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await payme?.close();
});

/** The demo shopper signed in, the interface in `language`, prices in UZS. */
async function openPage(language: 'uz' | 'ru', viewport: (typeof VIEWPORTS)[keyof typeof VIEWPORTS]): Promise<Page> {
  const login = await fetch(`${app.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nickname: 'shopper', password: 'shopper12345' }),
  });
  const session = (await login.json()) as { token: string; nickname: string; userId: number };
  const context = await browser.newContext({ viewport });
  await context.addInitScript(`
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('token', ${JSON.stringify(session.token)});
      localStorage.setItem('nickname', ${JSON.stringify(session.nickname)});
      localStorage.setItem('userId', '${session.userId}');
      localStorage.setItem('language', '${language}');
      localStorage.setItem('currency', 'UZS');
    }
  `);
  return context.newPage();
}

const TEXTS = {
  uz: { player: "O'yinchi ID", find: 'Topish', topUp: "Hozir to'ldirish", sums: "so'm", pay: /^Payme orqali [\d\s]+\sso'm to'lash$/ },
  ru: { player: 'ID игрока', find: 'Найти', topUp: 'Пополнить сейчас', sums: 'сум', pay: /^Оплатить [\d\s]+\sсум через Payme$/ },
} as const;

async function payPubgInSums(language: 'uz' | 'ru', viewport: (typeof VIEWPORTS)[keyof typeof VIEWPORTS], shot: string) {
  const texts = TEXTS[language];
  const page = await openPage(language, viewport);
  await page.goto(`${app.baseUrl}/products/pubg`);
  await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('PUBG Mobile');
  await page.getByRole('button', { name: '385 UC', exact: true }).click();
  // The page's prices are in whole sums.
  await eventually(() => page.locator('main').innerText()).toMatch(new RegExp(`\\d[\\d\\s\\u00a0]*\\s${texts.sums}`));
  await page.getByLabel(texts.player).fill(PLAYER_ID);
  await page.getByRole('button', { name: texts.find, exact: true }).click();
  await eventually(() => page.getByTestId('verified-player').textContent()).toContain(PLAYER_NAME);
  await page.getByRole('button', { name: texts.topUp }).click();
  await page.waitForURL(/\/checkout$/);

  const totalPattern = new RegExp(`^[\\d\\s\\u00a0]+\\s${texts.sums}$`);
  await eventually(() => page.getByTestId('checkout-total').textContent()).toMatch(totalPattern);
  const total = await page.getByTestId('checkout-total').textContent();
  const pay = page.getByTestId('checkout-pay');
  await eventually(() => pay.textContent()).toMatch(texts.pay);
  expect(await page.getByTestId('method-balance').getAttribute('data-state')).toBe('unavailable');
  await expectNoRawKeys(page);
  await screenshot(page, `${shot}-checkout`);

  await pay.click();
  await page.waitForURL((url) => url.href.startsWith(payme.url));
  // Payme's checkout shows the amount charged: the total, in sums.
  const sums = (text: string | null) => text?.replace(/\D/g, '');
  expect(sums(await page.getByTestId('payme-amount').textContent())).toBe(sums(total));
  await page.getByRole('button', { name: "To'lash" }).click();
  await page.waitForURL(/\/orders\/\d+$/);
  const orderId = Number(/\/orders\/(\d+)$/.exec(page.url())?.[1]);
  await eventually(() => page.getByTestId('order-status').getAttribute('data-status')).toMatch(/processing|completed/);
  expect(await page.getByTestId('order-payment').getAttribute('data-method')).toBe('payme');
  await screenshot(page, `${shot}-receipt`);

  const order = await app.db('orders').where({ id: orderId }).first();
  expect(order).toMatchObject({ currency: 'uzs', payment_method: 'payme' });
  const transaction = await app.db('payme_transactions').where({ order_id: orderId }).first();
  expect(transaction).toMatchObject({ state: 2, amount: order.total });
  await page.context().close();
}

describe('a PUBG top-up paid in sums through Payme', () => {
  it('an Uzbek shopper on a phone pays in so\u2018m', async () => {
    await payPubgInSums('uz', VIEWPORTS.phone, 'storefront-payme-uz-phone');
  }, 150_000);

  it('a Russian shopper on a desktop pays in сум', async () => {
    await payPubgInSums('ru', VIEWPORTS.desktop, 'storefront-payme-ru-desktop');
  }, 150_000);
});
