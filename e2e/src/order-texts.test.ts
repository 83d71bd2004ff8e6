import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import en from '@topup/storefront/src/locales/en';
import ru from '@topup/storefront/src/locales/ru';
import uz from '@topup/storefront/src/locales/uz';
import { expectNoRawKeys, launchBrowser, screenshot, VIEWPORTS } from './browser';
import { startStore, type RunningStore } from './store';

/**
 * What the store writes for a shopper, in their language: a failed top-up's reason with its refund in
 * the language's money format, a receipt's unit, region and payment, Uzbek dates with Uzbek month
 * names, and one document title per page. The demo shopper's orders are placed through the API.
 */

/** The sandbox game declines every top-up for a player id ending in 13. */
const DECLINED_PLAYER = '51234513';
const TEXTS = { en, ru, uz } as const;
type Language = keyof typeof TEXTS;

/** Intl and the page separate with no-break and narrow spaces; the checks read them as plain ones. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

let app: RunningStore;
let browser: Browser;
let session: { token: string; nickname: string; userId: number };
let failedOrder: number;
let regionalOrder: { id: number; slug: string; gameAmount: number; unit: string; regionId: number };
let refundUsd: number;

const api = async (method: string, path: string, body?: unknown) => {
  const response = await fetch(`${app.baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  expect(response.status, JSON.stringify(answer)).toBeLessThan(300);
  return answer;
};

beforeAll(async () => {
  app = await startStore();
  browser = await launchBrowser();
  const login = await fetch(`${app.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nickname: 'shopper', password: 'shopper12345' }),
  });
  session = (await login.json()) as typeof session;

  // A Free Fire top-up the game declines: refunded to the balance, the order failed.
  const offers = (await (await fetch(`${app.baseUrl}/api/freefire/offers`)).json()) as Array<{ item_id: number; name: string; price: number; price_rub: number }>;
  const offer = offers[0]!;
  refundUsd = offer.price;
  const topup = await api('POST', '/orders/topup', {
    currency: 'usd',
    topupData: { service: 'freefire', player_id: DECLINED_PLAYER, offer_id: offer.item_id, offer_name: offer.name, price_usd: offer.price, price_rub: offer.price_rub },
  });
  failedOrder = Number(topup.orderId);
  await vi.waitFor(async () => expect((await app.db('orders').where({ id: failedOrder }).first('status')).status).toBe('failed'), {
    timeout: 30_000,
    interval: 100,
  });

  // A European Steam code: its amount counts euros, and it works only in Europe.
  const option = await app
    .db('stock_codes as c')
    .join('products as p', 'p.id', 'c.product_id')
    .join('regions as r', 'r.id', 'c.region_id')
    .leftJoin('product_regions as pr', (join) => void join.on('pr.product_id', 'c.product_id').andOn('pr.region_id', 'c.region_id'))
    .where({ 'c.source': 'manual', 'c.status': 'available', 'r.code': 'EU' })
    .first('c.product_id', 'c.region_id', 'c.game_amount', 'c.price_usd', 'c.price_rub', 'p.slug', app.db.raw("coalesce(nullif(pr.game_currency, ''), p.game_currency) as unit"));
  await api('POST', '/cart/add', {
    productId: option.product_id,
    regionId: option.region_id,
    gameAmount: option.game_amount,
    priceUsd: Number(option.price_usd) / 100,
    priceRub: Number(option.price_rub) / 100,
    quantity: 1,
  });
  const paid = await api('POST', '/payment/from-balance', { currency: 'rub' });
  regionalOrder = { id: Number(paid.orderId), slug: option.slug, gameAmount: option.game_amount, unit: option.unit, regionId: option.region_id };
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** A page in `language` at `viewport`, logged in as the demo shopper. */
async function openPage(language: Language, viewport: (typeof VIEWPORTS)[keyof typeof VIEWPORTS]): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(
    `localStorage.setItem('language', '${language}');
     localStorage.setItem('token', ${JSON.stringify(session.token)});
     localStorage.setItem('nickname', ${JSON.stringify(session.nickname)});
     localStorage.setItem('userId', '${session.userId}');`,
  );
  return context.newPage();
}

/** The texts of the document's <title> elements (one per page). */
async function titles(page: Page): Promise<string[]> {
  return page.locator('title').allTextContents();
}

const regionName = async (language: Language) =>
  (await app.db('regions').where({ id: regionalOrder.regionId }).first(app.db.raw("localized(name, translations, ?, 'name') as name", [language]))).name as string;

describe('order texts in the shopper’s language', () => {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    it(`a failed top-up says why in Russian and Uzbek, money in their format (${size})`, async () => {
      const expected: Record<'ru' | 'uz', string> = {
        ru: `Free Fire отклонил пополнение аккаунта с ID игрока ${DECLINED_PLAYER}. ${refundUsd.toFixed(2).replace('.', ',')} $ возвращено на ваш баланс.`,
        uz: `Free Fire hisobni to'ldirishni rad etdi: o'yinchi ID ${DECLINED_PLAYER}. ${refundUsd.toFixed(2).replace('.', ',')} $ balansingizga qaytarildi.`,
      };
      for (const language of ['ru', 'uz'] as const) {
        const page = await openPage(language, viewport);
        await page.goto(`${app.baseUrl}/orders/${failedOrder}`);
        const notice = page.getByTestId('order-notice');
        await expect.poll(async () => plain(await notice.first().textContent())).toBe(expected[language]);
        expect(await notice.getAttribute('data-code')).toBe('TOPUP_DECLINED');
        await expectNoRawKeys(page);
        expect(await page.locator('main').innerText()).not.toMatch(/declined|refunded|USD/);
        await page.evaluate('window.scrollTo(0, 0)');
        await screenshot(page, `order-failed-${language}-${size}`);

        // The list says it too.
        await page.goto(`${app.baseUrl}/orders`);
        const card = page.locator(`[data-testid="order-card"][data-order-id="${failedOrder}"]`);
        await expect.poll(async () => plain(await card.getByTestId('order-card-notice').textContent())).toBe(expected[language]);
        await page.context().close();
      }
    });

    it(`a receipt names the unit, the region and how it was paid; Uzbek dates name the month (${size})`, async () => {
      const { created_at: created } = await app.db('orders').where({ id: regionalOrder.id }).first('created_at');
      const placedAt = new Date(created as Date);
      for (const language of ['ru', 'uz', 'en'] as const) {
        const texts = TEXTS[language];
        const page = await openPage(language, viewport);
        await page.goto(`${app.baseUrl}/orders/${regionalOrder.id}`);
        await expect.poll(() => page.getByTestId('order-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('completed');
        const meta = plain(await page.getByTestId('order-line-meta').textContent());
        const region = texts.receipt.region.replace('{{name}}', await regionName(language));
        expect(meta).toContain(`${regionalOrder.gameAmount} ${regionalOrder.unit}`);
        expect(meta).toContain(region);
        expect(plain(await page.getByTestId('order-payment').textContent())).toBe(texts.orders.payment_line.balance);
        if (language === 'uz') {
          // The browser has no Uzbek month names: the store's own, "23-noyabr, 2026, 13:26".
          const date = plain(await page.locator('time').first().textContent());
          expect(date).toContain(`${placedAt.getDate()}-${uz.format.months[placedAt.getMonth()]}, ${placedAt.getFullYear()}`);
          expect(date).not.toMatch(/M\d/);
        }
        await expectNoRawKeys(page);
        await page.evaluate('window.scrollTo(0, 0)');
        await screenshot(page, `order-receipt-${language}-${size}`);

        await page.goto(`${app.baseUrl}/orders`);
        const card = page.locator(`[data-testid="order-card"][data-order-id="${regionalOrder.id}"]`);
        await expect.poll(async () => plain(await card.textContent())).toContain(`${regionalOrder.gameAmount} ${regionalOrder.unit} (${await regionName(language)})`);
        expect(plain(await card.getByTestId('order-card-payment').textContent())).toBe(texts.orders.payment_line.balance);
        await page.evaluate('window.scrollTo(0, 0)');
        await screenshot(page, `orders-list-${language}-${size}`);
        await page.context().close();
      }
    });
  }

  it('each page has exactly one title, in the shopper’s language', async () => {
    for (const language of ['ru', 'en', 'uz'] as const) {
      const texts = TEXTS[language];
      const page = await openPage(language, VIEWPORTS.desktop);
      const suffix = ` — ${texts.app.name}`;

      await page.goto(`${app.baseUrl}/products/${regionalOrder.slug}`);
      const heading = page.getByRole('heading', { level: 1 });
      await expect.poll(async () => titles(page)).toEqual([`${(await heading.textContent()) ?? ''}${suffix}`]);
      expect(await page.title()).toBe(`${await heading.textContent()}${suffix}`);

      await page.goto(`${app.baseUrl}/products/no-such-product`);
      await expect.poll(async () => titles(page)).toEqual([`${texts.product.not_found_title}${suffix}`]);
      expect(await page.title()).toBe(`${texts.product.not_found_title}${suffix}`);

      await page.goto(`${app.baseUrl}/orders`);
      await expect.poll(async () => titles(page)).toEqual([`${texts.orders.title}${suffix}`]);
      expect(await page.title()).toBe(`${texts.orders.title}${suffix}`);
      await page.context().close();
    }
  });
});
