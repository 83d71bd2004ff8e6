import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { CLICK_ENDPOINT_PATH, startClickStandIn, type ClickStandIn } from '@topup/api/testing';
import { adminSession, openAdmin, settleAndShoot } from './back-office';
import { expectNoRawKeys, launchBrowser, screenshot, VIEWPORTS } from './browser';
import { digitsOf, openShopperInSums, pubgToCheckoutInSums, type SumsLanguage } from './sums-checkout';
import { startStore, type RunningStore } from './store';

/**
 * A PUBG top-up priced in sums and paid through Click: an Uzbek shopper on a phone and a Russian one on a
 * desktop find Click beside Payme at checkout, pick it, pay on Click's payment page (a stand-in that then
 * calls the store's SHOP API, Prepare and Complete, as Click does) and come back to the order being
 * delivered; the back office's payment card then lists Click's calls. A shopper who cancels on Click's
 * page finds the order cancelled, saying why.
 */

const SERVICE = '81234';
const MERCHANT = '45275';
const SECRET = 'e2e-click-secret';

/** expect.poll with room for a busy machine. */
const eventually = <T>(read: () => T | Promise<T>, timeout = 30_000) => expect.poll(read, { timeout, interval: 100 });

let app: RunningStore;
let click: ClickStandIn;
let browser: Browser;

beforeAll(async () => {
  click = await startClickStandIn({ serviceId: SERVICE, merchantId: MERCHANT, secretKey: SECRET });
  app = await startStore({
    PAYMENT_PROVIDER: 'sandbox,payme,click',
    // Payme beside Click, as a store in Uzbekistan offers both; its checkout is never reached here.
    PAYME_MERCHANT_ID: '5e730e8e0b852a417aa49ceb',
    PAYME_KEY: 'e2e-payme-key',
    PAYME_TEST: 'true',
    CLICK_SERVICE_ID: SERVICE,
    CLICK_MERCHANT_ID: MERCHANT,
    CLICK_SECRET_KEY: SECRET,
    CLICK_CHECKOUT_URL: click.url,
  });
  click.connect(`${app.baseUrl}${CLICK_ENDPOINT_PATH}`);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await click?.close();
});

const TEXTS = {
  uz: { pay: /^Click orqali [\d\s]+\sso'm to'lash$/, paid: "Click orqali to'landi", declined: "Click orqali to'lov bekor qilindi" },
  ru: { pay: /^Оплатить [\d\s]+\sсум через Click$/, paid: 'Оплачено через Click', declined: 'Оплата через Click отменена' },
} as const;

/** Up to checkout in sums, Click chosen; resolves to the page and the total. */
async function checkoutWithClick(language: SumsLanguage, viewport: (typeof VIEWPORTS)[keyof typeof VIEWPORTS]) {
  const page = await openShopperInSums(browser, app.baseUrl, language, viewport);
  const total = await pubgToCheckoutInSums(page, app.baseUrl, language);
  // Payme and Click both take sums; the balance does not.
  await eventually(() => page.getByTestId('method-click').getAttribute('data-state')).toBe('available');
  expect(await page.getByTestId('method-payme').getAttribute('data-state')).toBe('available');
  expect(await page.getByTestId('method-balance').getAttribute('data-state')).toBe('unavailable');
  await page.getByTestId('method-click').click();
  await eventually(() => page.getByTestId('checkout-pay').textContent()).toMatch(TEXTS[language].pay);
  await expectNoRawKeys(page);
  return { page, total };
}

/** From the checkout to Click's page, which shows the total in sums. */
async function toClickPage(page: Awaited<ReturnType<typeof checkoutWithClick>>['page'], total: string) {
  await page.getByTestId('checkout-pay').click();
  await page.waitForURL((url) => url.href.startsWith(click.url));
  expect(digitsOf(await page.getByTestId('click-amount').textContent())).toBe(digitsOf(total));
}

async function orderIdOf(url: string): Promise<number> {
  return Number(/\/orders\/(\d+)$/.exec(url)?.[1]);
}

async function payPubgThroughClick(language: SumsLanguage, viewport: (typeof VIEWPORTS)[keyof typeof VIEWPORTS], shot: string): Promise<number> {
  const { page, total } = await checkoutWithClick(language, viewport);
  await screenshot(page, `${shot}-checkout`);
  await toClickPage(page, total);
  await screenshot(page, `${shot}-click-page`);
  await page.getByRole('button', { name: "To'lash" }).click();
  await page.waitForURL(/\/orders\/\d+$/);
  const orderId = await orderIdOf(page.url());
  await eventually(() => page.getByTestId('order-status').getAttribute('data-status')).toMatch(/processing|completed/);
  const payment = page.getByTestId('order-payment');
  expect(await payment.getAttribute('data-method')).toBe('click');
  expect(await payment.textContent()).toBe(TEXTS[language].paid);
  await expectNoRawKeys(page);
  await screenshot(page, `${shot}-receipt`);

  const order = await app.db('orders').where({ id: orderId }).first();
  expect(order).toMatchObject({ currency: 'uzs', payment_method: 'click' });
  const attempts = await app.db('click_transactions').where({ order_id: orderId }).select('state', 'amount');
  expect(attempts).toEqual([{ state: 1, amount: order.total }]);
  await page.context().close();
  return orderId;
}

describe('a PUBG top-up paid in sums through Click', () => {
  it('an Uzbek shopper on a phone pays in so\u2018m', async () => {
    await payPubgThroughClick('uz', VIEWPORTS.phone, 'storefront-click-uz-phone');
  }, 150_000);

  it("a Russian shopper on a desktop pays in сум, and the back office's payment card lists Click's calls", async () => {
    const orderId = await payPubgThroughClick('ru', VIEWPORTS.desktop, 'storefront-click-ru-desktop');
    const session = await adminSession(browser, app.baseUrl);
    for (const [viewport, name] of [
      [VIEWPORTS.desktop, 'desktop'],
      [VIEWPORTS.phone, 'phone'],
    ] as const) {
      const { context, page } = await openAdmin(browser, session, viewport, 'ru');
      await page.goto(`${app.baseUrl}/admin/orders/${orderId}/show`);
      const card = page.getByTestId('order-payment');
      await eventually(() => card.innerText(), 15_000).toContain('click');
      expect(await card.innerText()).toContain('Click');
      const events = page.getByTestId('order-payment-events');
      await eventually(() => events.innerText(), 15_000).toContain('Click завершил платёж');
      expect(await events.innerText()).toContain('Click подготовил платёж');
      expect(await events.innerText()).toContain('click.complete');
      await settleAndShoot(page, `admin-order-click-payment-${name}`);
      await context.close();
    }
  }, 150_000);

  it("a shopper who cancels on Click's page finds the order cancelled, saying the Click payment was cancelled", async () => {
    const { page, total } = await checkoutWithClick('uz', VIEWPORTS.phone);
    await toClickPage(page, total);
    await page.getByRole('button', { name: 'Bekor qilish' }).click();
    await page.waitForURL(/\/orders\/\d+$/);
    const orderId = await orderIdOf(page.url());
    await eventually(() => page.getByTestId('order-status').getAttribute('data-status')).toBe('cancelled');
    expect(await page.getByTestId('order-payment').textContent()).toBe(TEXTS.uz.declined);
    await expectNoRawKeys(page);
    await screenshot(page, 'storefront-click-uz-phone-cancelled');
    expect(await app.db('click_transactions').where({ order_id: orderId }).select('state')).toEqual([{ state: -1 }]);
    expect(await app.db('payments').where({ order_id: orderId }).first('status')).toEqual({ status: 'declined' });
    await page.context().close();
  }, 150_000);
});
