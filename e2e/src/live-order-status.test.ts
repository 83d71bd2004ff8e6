import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { createRedis, SandboxGameProvider, type RedisConnection } from '@topup/api';
import { DEMO_ADMIN, signInOnStorefront } from './back-office';
import { expectNoRawKeys, launchBrowser, screenshot, VIEWPORTS } from './browser';
import { startStore, type RunningStore } from './store';

/**
 * A shopper watching a top-up that is late sees it turn completed within a second of the workers
 * process delivering it, on the receipt (phone, Russian) and on the orders list in two tabs (desktop,
 * English): the change reaches every tab through its order stream, before its poll could have asked.
 * The game is down until every delivery attempt has failed; then the game answers again and an admin
 * retries the delivery from another client, which the workers carry out for real.
 */
let app: RunningStore;
let browser: Browser;
let redis: RedisConnection;
let games: SandboxGameProvider;
let adminToken: string;
/** The receipt's and the list's top-ups. */
const orders: { receipt?: number; list?: number } = {};

const SHOPPER = { nickname: 'shopper', password: 'shopper12345' };
/**
 * The pages' polls (storefront/src/features/orders/api): the receipt's while an order changes, the
 * list's always; less a margin for the timer's tick running a little ahead of the request it sends.
 */
const RECEIPT_POLL_MS = 3_000;
const LIST_POLL_MS = 10_000;
const TICK_MARGIN_MS = 200;

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

const statusOf = async (orderId: number): Promise<{ status: string; attention_reason: string | null }> =>
  app.db('orders').where({ id: orderId }).first('status', 'attention_reason');

beforeAll(async () => {
  app = await startStore();
  browser = await launchBrowser();
  redis = createRedis(inject('redisUrl'));
  await new Promise((resolve) => redis.once('ready', resolve));
  games = new SandboxGameProvider({ redis, prefix: app.redisPrefix });

  await games.setDeliveryOutage(true);
  adminToken = (await api<{ token: string }>('/login', { method: 'POST', body: DEMO_ADMIN })).token;
  const { token } = await api<{ token: string }>('/login', { method: 'POST', body: SHOPPER });
  const [offer] = await api<Array<{ item_id: number; price: number; price_rub: number }>>('/freefire/offers');
  for (const page of ['receipt', 'list'] as const) {
    const placed = await api<{ orderId: number }>('/orders/topup', {
      method: 'POST',
      token,
      body: { currency: 'usd', topupData: { service: 'freefire', player_id: '7730017', offer_id: offer!.item_id, price_usd: offer!.price, price_rub: offer!.price_rub } },
    });
    orders[page] = placed.orderId;
  }
}, 180_000);

afterAll(async () => {
  await games?.setDeliveryOutage(false);
  redis?.disconnect();
  await browser?.close();
  await app?.close();
});

/** When each request to `path` was sent, in this test's clock. */
function requestTimes(page: Page, path: RegExp): number[] {
  const times: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && path.test(new URL(request.url()).pathname)) times.push(Date.now());
  });
  return times;
}

/**
 * The admin retries the delivery and the workers complete the order; resolves to when the database
 * had it completed and when each page showed it, all polled.
 */
async function completeAndWatch(orderId: number, shown: Locator[]): Promise<{ completedAt: number; shownAt: number[] }> {
  await api(`/admin/orders/${orderId}/retry-delivery`, { method: 'POST', token: adminToken, body: {} });
  const when = async (check: () => Promise<boolean>) => {
    await expect.poll(check, { timeout: 15_000, interval: 20 }).toBe(true);
    return Date.now();
  };
  const [completedAt, ...shownAt] = await Promise.all([
    when(async () => (await statusOf(orderId)).status === 'completed'),
    ...shown.map((status) => when(async () => (await status.getAttribute('data-status')) === 'completed')),
  ]);
  return { completedAt: completedAt!, shownAt };
}

/** Opens the orders list in a new tab of `context`, its stream open; answers the order's status on it and when the list was asked for. */
async function openOrdersList(context: BrowserContext, orderId: number): Promise<{ page: Page; status: Locator; polls: number[] }> {
  const page = await context.newPage();
  const polls = requestTimes(page, /^\/api\/orders$/);
  const streamOpened = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/orders/events');
  await page.goto(`${app.baseUrl}/orders`);
  const status = page.locator(`[data-testid="order-card"][data-order-id="${orderId}"]`).getByTestId('order-status');
  await expect.poll(() => status.getAttribute('data-status')).toBe('processing');
  expect((await streamOpened).status()).toBe(200);
  return { page, status, polls };
}

describe('live order status', () => {
  it('leaves the top-ups processing and late while the game is down', async () => {
    // Every attempt fails (1 + 2 + 4 + 8 s of backoff): the orders wait for a person.
    for (const orderId of Object.values(orders)) {
      await expect.poll(() => statusOf(orderId), { timeout: 60_000, interval: 500 }).toMatchObject({ status: 'processing', attention_reason: expect.any(String) });
    }
    await games.setDeliveryOutage(false);
  }, 90_000);

  it("turns the receipt completed within a second of the workers' delivery (phone, Russian)", async () => {
    const orderId = orders.receipt!;
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    await context.addInitScript(`localStorage.setItem('language', 'ru');`);
    const page = await signInOnStorefront(context, app.baseUrl, SHOPPER);
    const polls = requestTimes(page, new RegExp(`^/api/orders/${orderId}$`));
    const streamOpened = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/orders/events');
    await page.goto(`${app.baseUrl}/orders/${orderId}`);
    const status = page.getByTestId('order-status');
    await expect.poll(() => status.getAttribute('data-status')).toBe('processing');
    expect((await streamOpened).status()).toBe(200);
    await expect.poll(() => page.getByTestId('order-progress').innerText()).toContain('платить повторно не нужно');
    await screenshot(page, 'storefront-order-live-waiting-phone-ru');

    // Just after a poll, so the next one is RECEIPT_POLL_MS away.
    const pollsBefore = polls.length;
    await expect.poll(() => polls.length, { timeout: 2 * RECEIPT_POLL_MS, interval: 20 }).toBeGreaterThan(pollsBefore);
    const lastPoll = polls.at(-1)!;
    const {
      completedAt,
      shownAt: [shownAt],
    } = await completeAndWatch(orderId, [status]);
    expect(shownAt! - completedAt).toBeLessThan(1_000);
    // Shown before the next poll was due: the stream brought it.
    expect(shownAt! - lastPoll).toBeLessThan(RECEIPT_POLL_MS - TICK_MARGIN_MS);

    await expectNoRawKeys(page);
    await screenshot(page, 'storefront-order-live-completed-phone-ru');
    await context.close();
  }, 60_000);

  it("turns the order's card completed within a second on the list, in every tab (desktop, English)", async () => {
    const orderId = orders.list!;
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await context.addInitScript(`localStorage.setItem('language', 'en');`);
    await (await signInOnStorefront(context, app.baseUrl, SHOPPER)).close();
    const tabs = [await openOrdersList(context, orderId), await openOrdersList(context, orderId)];
    await screenshot(tabs[0]!.page, 'storefront-orders-live-waiting-desktop');

    const lastPolls = tabs.map((tab) => tab.polls.at(-1)!);
    const { completedAt, shownAt } = await completeAndWatch(
      orderId,
      tabs.map((tab) => tab.status),
    );
    shownAt.forEach((shown, tab) => {
      expect(shown - completedAt).toBeLessThan(1_000);
      expect(shown - lastPolls[tab]!).toBeLessThan(LIST_POLL_MS - TICK_MARGIN_MS);
    });

    await expectNoRawKeys(tabs[1]!.page);
    await screenshot(tabs[1]!.page, 'storefront-orders-live-completed-desktop');
    await context.close();
  }, 60_000);
});
