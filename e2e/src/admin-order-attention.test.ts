import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createRedis, SandboxGameProvider, type RedisConnection } from '@topup/api';
import { adminSession, notification, openAdmin, settleAndShoot, signInOnStorefront, WAIT, type SessionState } from './back-office';
import { expectNoRawKeys, launchBrowser, screenshot, VIEWPORTS } from './browser';
import { startStore, type RunningStore } from './store';

/**
 * A top-up whose game is down through every delivery attempt, against the whole store: the order
 * stays processing, flagged with the reason, on the dashboard's "Needs attention" inbox and on its own
 * screen (desktop, English); the shopper reads that delivery is late; once the game answers again,
 * Retry delivery (phone, Russian) completes it.
 */
let app: RunningStore;
let browser: Browser;
let adminState: SessionState;
let redis: RedisConnection;
let games: SandboxGameProvider;
let orderId: number;

const SHOPPER = { nickname: 'shopper', password: 'shopper12345' };
const REASON = 'Sandbox game provider: deliveries are down (simulated outage)';

async function api<T>(path: string, options: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${app.baseUrl}/api${path}`, {
    method: options.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${options.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

beforeAll(async () => {
  app = await startStore();
  browser = await launchBrowser();
  adminState = await adminSession(browser, app.baseUrl);
  redis = createRedis(inject('redisUrl'));
  // Its commands are not queued before the connection is up.
  await new Promise((resolve) => redis.once('ready', resolve));
  games = new SandboxGameProvider({ redis, prefix: app.redisPrefix });

  await games.setDeliveryOutage(true);
  const { token } = await api<{ token: string }>('/login', { method: 'POST', body: SHOPPER });
  const [offer] = await api<Array<{ item_id: number; price: number; price_rub: number }>>('/freefire/offers');
  const placed = await api<{ orderId: number }>('/orders/topup', {
    method: 'POST',
    token,
    body: { currency: 'usd', topupData: { service: 'freefire', player_id: '7730017', offer_id: offer!.item_id, price_usd: offer!.price, price_rub: offer!.price_rub } },
  });
  orderId = placed.orderId;
}, 180_000);

afterAll(async () => {
  await games?.setDeliveryOutage(false);
  redis?.disconnect();
  await browser?.close();
  await app?.close();
});

describe('an order whose delivery ran out of attempts', () => {
  it('is on the dashboard inbox and its own screen with the reason; the shopper reads that it is late (desktop, English)', async () => {
    // Five attempts with the queue's backoff between them (1 + 2 + 4 + 8 s).
    await expect
      .poll(async () => (await app.db('orders').where({ id: orderId }).first()).attention_reason, { timeout: 60_000, interval: 500 })
      .toBe(REASON);
    expect(await app.db('orders').where({ id: orderId }).first()).toMatchObject({ status: 'processing' });
    expect(await app.db('balance_ledger').where({ order_id: orderId }).pluck('reason')).toEqual(['order_payment']);

    const { context, page } = await openAdmin(browser, adminState, VIEWPORTS.desktop, 'en');
    await page.goto(`${app.baseUrl}/admin/dashboard`);
    const inbox = page.getByTestId('needs-attention');
    await expect.poll(() => inbox.innerText(), WAIT).toContain(`#${orderId} · ${SHOPPER.nickname}`);
    expect(await inbox.innerText()).toContain(REASON);
    await settleAndShoot(page, 'admin-needs-attention-desktop');

    await inbox.getByRole('link', { name: new RegExp(`#${orderId}`) }).click();
    await page.waitForURL(new RegExp(`/admin/orders/${orderId}/show`));
    const alert = page.getByTestId('order-attention');
    await expect.poll(() => alert.innerText(), WAIT).toContain('Delivery needs attention');
    expect(await alert.innerText()).toContain(REASON);
    expect(await alert.getByRole('button', { name: 'Retry delivery' }).count()).toBe(1);
    expect(await alert.getByRole('button', { name: /Refund/ }).count()).toBe(1);
    const timeline = page.getByTestId('order-timeline');
    await expect.poll(() => timeline.getByText('Delivery attempt: the game did not answer').count(), WAIT).toBe(5);
    expect(await timeline.innerText()).toContain('Flagged for an operator: needs attention');

    await page.getByLabel('Add a note').fill('Game provider confirmed an outage on their side.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect.poll(() => notification(page, 'Note added').count(), WAIT).toBe(1);
    await expect.poll(() => timeline.innerText(), WAIT).toContain('Game provider confirmed an outage on their side.');
    await settleAndShoot(page, 'admin-order-attention-desktop');
    await context.close();

    const shopper = await browser.newContext({ viewport: VIEWPORTS.phone });
    await shopper.addInitScript(`localStorage.setItem('language', 'ru');`);
    // The receipt of a late order keeps its live stream open, and the network would never settle for
    // the checks below: the stream is refused here, and the page's poll shows the delay.
    await shopper.route('**/api/orders/events', (route) => route.fulfill({ status: 401, contentType: 'application/json', body: '{}' }));
    const store = await signInOnStorefront(shopper, app.baseUrl, SHOPPER);
    await store.goto(`${app.baseUrl}/orders/${orderId}`);
    await expect.poll(() => store.getByTestId('order-progress').innerText(), WAIT).toContain('платить повторно не нужно');
    expect(await store.locator('body').innerText()).not.toContain(REASON);
    await expectNoRawKeys(store);
    await screenshot(store, 'storefront-order-delayed-phone-ru');
    await shopper.close();
  }, 150_000);

  it('is completed by Retry delivery once the game answers, and leaves the inbox (phone, Russian)', async () => {
    await games.setDeliveryOutage(false);
    const { context, page } = await openAdmin(browser, adminState, VIEWPORTS.phone, 'ru');
    await page.goto(`${app.baseUrl}/admin/dashboard`);
    const inbox = page.getByTestId('needs-attention');
    await expect.poll(() => inbox.innerText(), WAIT).toContain(`#${orderId}`);
    await settleAndShoot(page, 'admin-needs-attention-phone-ru');

    await page.goto(`${app.baseUrl}/admin/orders/${orderId}/show`);
    const alert = page.getByTestId('order-attention');
    await expect.poll(() => alert.innerText(), WAIT).toContain('Доставка требует внимания');
    await settleAndShoot(page, 'admin-order-attention-phone-ru');
    await alert.getByRole('button', { name: 'Повторить доставку' }).click();
    await expect.poll(() => notification(page, `Доставка заказа №${orderId} запущена повторно`).count(), WAIT).toBe(1);

    await expect.poll(async () => (await app.db('orders').where({ id: orderId }).first()).status, { timeout: 30_000 }).toBe('completed');
    await page.reload();
    const timeline = page.getByTestId('order-timeline');
    await expect.poll(() => timeline.innerText(), WAIT).toContain('Попытка доставки: доставлено');
    expect(await page.getByTestId('order-attention').count()).toBe(0);
    expect(await timeline.innerText()).toContain('Доставка запущена повторно');
    await settleAndShoot(page, 'admin-order-retried-phone-ru');

    await page.goto(`${app.baseUrl}/admin/dashboard`);
    await expect.poll(() => page.getByText('Все оплаченные заказы в пути.').count(), WAIT).toBe(1);
    await context.close();
  });
});
