import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { PAYME_ENDPOINT_PATH, startPaymeStandIn, type PaymeStandIn } from '@topup/api/testing';
import { expectNoRawKeys, launchBrowser, screenshot, VIEWPORTS } from './browser';
import { digitsOf, openShopperInSums, pubgToCheckoutInSums, type SumsLanguage } from './sums-checkout';
import { startStore, type RunningStore } from './store';

/**
 * A PUBG top-up priced and paid in sums through Payme: an Uzbek shopper on a phone and a Russian one on
 * a desktop switch to UZS, see the price in whole sums, pay on Payme's checkout (a stand-in that then
 * calls the store's Merchant API as Payme does) and come back to the order being delivered.
 */

const MERCHANT = '5e730e8e0b852a417aa49ceb';
const KEY = 'e2e-payme-key';

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

const PAY = { uz: /^Payme orqali [\d\s]+\sso'm to'lash$/, ru: /^Оплатить [\d\s]+\sсум через Payme$/ } as const;

async function payPubgInSums(language: SumsLanguage, viewport: (typeof VIEWPORTS)[keyof typeof VIEWPORTS], shot: string) {
  const page = await openShopperInSums(browser, app.baseUrl, language, viewport);
  const total = await pubgToCheckoutInSums(page, app.baseUrl, language);
  const pay = page.getByTestId('checkout-pay');
  await eventually(() => pay.textContent()).toMatch(PAY[language]);
  expect(await page.getByTestId('method-balance').getAttribute('data-state')).toBe('unavailable');
  await expectNoRawKeys(page);
  await screenshot(page, `${shot}-checkout`);

  await pay.click();
  await page.waitForURL((url) => url.href.startsWith(payme.url));
  // Payme's checkout shows the amount charged: the total, in sums.
  expect(digitsOf(await page.getByTestId('payme-amount').textContent())).toBe(digitsOf(total));
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
