import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { AdminGame, AdminGameDenomination, CreateGameDenominationBody } from '@topup/common/api';
import { MOBILE_LEGENDS } from '@topup/api/testing';
import { adminSession, openAdmin, settleAndShoot, WAIT, type SessionState } from './back-office';
import { expectNoRawKeys, launchBrowser, screenshot, VIEWPORTS } from './browser';
import { startStore, type RunningStore } from './store';

/**
 * A shop owner adds Mobile Legends (a player id and a zone) with two denominations through the back
 * office's API, without a deploy; shoppers find it in the catalogue, read its page in their language on
 * a phone and a desktop, and buy one from their balance; the sandbox game delivers it.
 */
const SHOPPER = { nickname: 'shopper', password: 'shopper12345' };
const ADMIN = { nickname: 'admin', password: 'admin12345' };
/** The sandbox game knows a player id of 6 to 12 digits unless it ends in 0; its nickname is Player + the last 4 digits. */
const PLAYER_ID = '512345678';
const PLAYER_NAME = 'Player5678';
const ZONE = '2001';
const ORDER_TIMEOUT_MS = 30_000;
const FLOW_TIMEOUT_MS = 120_000;


const DENOMINATIONS: Array<Omit<CreateGameDenominationBody, 'gameId'>> = [
  {
    name: '86 алмазов',
    translations: { en: { name: '86 Diamonds', unit: 'diamonds' }, uz: { name: '86 olmos', unit: 'olmos' } },
    amount: 86,
    unit: 'алмазов',
    priceUsd: 1.49,
    priceRub: 118,
    active: true,
  },
  {
    name: '172 алмаза',
    translations: { en: { name: '172 Diamonds', unit: 'diamonds' }, uz: { name: '172 olmos', unit: 'olmos' } },
    amount: 172,
    unit: 'алмаза',
    priceUsd: 2.99,
    priceRub: 236,
    active: true,
  },
];

/** What each language's page says: its description, its fields' labels, its denominations' names. */
const PAGE_TEXTS = {
  ru: { description: 'Алмазы по ID игрока и зоне', labels: ['ID игрока', 'Зона'], denominations: ['86 алмазов', '172 алмаза'], find: 'Найти игрока' },
  en: { description: 'Diamonds by player and zone id', labels: ['Player ID', 'Zone ID'], denominations: ['86 Diamonds', '172 Diamonds'], find: 'Find player' },
  uz: {
    description: "O'yinchi va zona ID bo'yicha olmoslar",
    labels: ["O'yinchi ID", 'Zona ID'],
    denominations: ['86 olmos', '172 olmos'],
    find: "O'yinchini topish",
  },
} as const;

const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });

/** An element's text with money's no-break spaces as plain ones. */
const plainText = async (locator: ReturnType<Page['getByTestId']>) => (await locator.textContent())?.replace(/\s/g, ' ');

let app: RunningStore;
let browser: Browser;
let shopper: { token: string; nickname: string; userId: string };
let adminState: SessionState;
let game: AdminGame;

async function login(credentials: { nickname: string; password: string }) {
  const response = await fetch(`${app.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { token: string; nickname: string; userId: number | string };
  return { token: body.token, nickname: body.nickname, userId: String(body.userId) };
}

async function post<T>(token: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${app.baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as T;
}

beforeAll(async () => {
  app = await startStore();
  browser = await launchBrowser();
  const admin = await login(ADMIN);
  game = await post<AdminGame>(admin.token, '/admin/games', MOBILE_LEGENDS);
  for (const denomination of DENOMINATIONS) {
    await post<AdminGameDenomination>(admin.token, '/admin/game-denominations', { gameId: game.id, ...denomination });
  }
  shopper = await login(SHOPPER);
  adminState = await adminSession(browser, app.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** A fresh browser profile in `language`, signed in as the demo shopper when asked. */
async function openStore(viewport: { width: number; height: number }, language: 'ru' | 'en' | 'uz', { signedIn = false } = {}) {
  const context = await browser.newContext({ viewport });
  const storage: Record<string, string> = { language, currency: 'RUB' };
  if (signedIn) Object.assign(storage, { token: shopper.token, nickname: shopper.nickname, userId: shopper.userId });
  await context.addInitScript(`
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      for (const [key, value] of Object.entries(${JSON.stringify(storage)})) localStorage.setItem(key, value);
    }
  `);
  return { context, page: await context.newPage() };
}

/** A tile of the denominations grid by its name. */
const tile = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name}`) });

describe('a game added in the back office', () => {
  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    for (const language of ['ru', 'en', 'uz'] as const) {
      it(`has its page at /products/mobile-legends in ${language} on a ${viewportName}`, async () => {
        const texts = PAGE_TEXTS[language];
        const { context, page } = await openStore(viewport, language);
        await page.goto(`${app.baseUrl}/products/mobile-legends`);
        await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Mobile Legends');
        expect(await page.getByText(texts.description).count()).toBe(1);
        for (const label of texts.labels) expect(await page.getByLabel(label, { exact: true }).count()).toBe(1);
        for (const name of texts.denominations) expect(await tile(page, name).count()).toBe(1);
        expect(await page.getByRole('button', { name: texts.find }).count()).toBe(1);
        // The page fits the screen: nothing wider than the viewport.
        expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(viewport.width);
        await expectNoRawKeys(page);
        await screenshot(page, `new-game-${language}-${viewportName}`);
        await context.close();
      });
    }
  }

  it('is listed in the top-up section of the catalogue, and search finds it', async () => {
    const { context, page } = await openStore(VIEWPORTS.desktop, 'en');
    await page.goto(`${app.baseUrl}/products`);
    const topups = page.getByRole('region', { name: 'Game top-ups' });
    await eventually(() => topups.getByRole('link', { name: /Mobile Legends/ }).getAttribute('href')).toBe('/products/mobile-legends');
    await page.goto(`${app.baseUrl}/products?q=mobile`);
    await eventually(() => page.getByRole('link', { name: /Mobile Legends/ }).count()).toBe(1);
    await context.close();
  });

  it(
    'is bought from the balance: the player is found, checkout names the game and its fields, and the sandbox delivers it',
    async () => {
      const { context, page } = await openStore(VIEWPORTS.phone, 'ru', { signedIn: true });
      await page.goto(`${app.baseUrl}/products/mobile-legends`);
      await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Mobile Legends');

      // A player the game does not know is said on the field.
      await page.getByLabel('ID игрока', { exact: true }).fill('512345670');
      await page.getByLabel('Зона', { exact: true }).fill(ZONE);
      await page.getByRole('button', { name: 'Найти игрока' }).click();
      await eventually(() => page.getByLabel('ID игрока', { exact: true }).getAttribute('aria-invalid')).toBe('true');

      await page.getByLabel('ID игрока', { exact: true }).fill(PLAYER_ID);
      await page.getByRole('button', { name: 'Найти игрока' }).click();
      await eventually(() => page.getByTestId('verified-player').textContent()).toContain(PLAYER_NAME);
      await tile(page, '86 алмазов').click();
      await eventually(() => plainText(page.getByTestId('summary-total'))).toBe('118,00 ₽');
      // From the top, as a shopper opens it (the header is fixed; the skip link shows only while focused).
      await page.evaluate('document.activeElement?.blur(); window.scrollTo(0, 0)');
      await screenshot(page, 'new-game-ru-phone-ready');

      await page.getByRole('button', { name: 'Пополнить сейчас' }).click();
      await page.waitForURL(/\/checkout$/);
      await eventually(() => page.getByText('Mobile Legends · ID игрока: 512345678 · Зона: 2001').count()).toBe(1);
      expect(await page.getByText('86 алмазов', { exact: true }).count()).toBe(1);
      await eventually(() => plainText(page.getByTestId('checkout-total'))).toBe('118,00 ₽');
      await expectNoRawKeys(page);
      await screenshot(page, 'new-game-ru-phone-checkout');
      const before = await app.db('orders').max('id as id').first();
      await page.getByTestId('checkout-pay').click();
      await page.waitForURL(/\/orders$/);

      const order = await app.db('orders').where('id', '>', Number(before?.id ?? 0)).orderBy('id', 'desc').first('id');
      const item = await app.db('order_items').where({ order_id: order.id }).first('topup_data');
      expect(item.topup_data).toMatchObject({
        service: 'mobile-legends',
        player_id: PLAYER_ID,
        fields: { player_id: PLAYER_ID, zone_id: ZONE },
        offer_name: '86 алмазов',
        price_rub: 118,
      });
      await page.goto(`${app.baseUrl}/orders/${order.id}`);
      await expect
        .poll(() => page.getByTestId('order-status').getAttribute('data-status'), { timeout: ORDER_TIMEOUT_MS, interval: 250 })
        .toBe('completed');
      await screenshot(page, 'new-game-ru-phone-receipt');
      // Each field the shopper filled, under its own label.
      const fact = (label: string) => page.locator('main dl > div').filter({ has: page.getByText(label, { exact: true }) }).locator('dd');
      expect(await fact('ID игрока').textContent()).toBe(PLAYER_ID);
      expect(await fact('Зона').textContent()).toBe(ZONE);
      await context.close();

      // The receipt in Uzbek names the denomination in Uzbek.
      const uzbek = await openStore(VIEWPORTS.desktop, 'uz', { signedIn: true });
      await uzbek.page.goto(`${app.baseUrl}/orders/${order.id}`);
      await eventually(() => uzbek.page.getByText('86 olmos').count()).toBeGreaterThan(0);
      expect(await uzbek.page.getByText('Mobile Legends').count()).toBeGreaterThan(0);
      expect(await uzbek.page.getByText('Zona ID', { exact: true }).count()).toBe(1);
      await expectNoRawKeys(uzbek.page);
      await screenshot(uzbek.page, 'new-game-uz-desktop-receipt');
      await uzbek.context.close();
    },
    FLOW_TIMEOUT_MS,
  );

  for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
    it(`is on the back office's Games screen, with its denominations, on a ${viewportName}`, async () => {
      const { context, page } = await openAdmin(browser, adminState, viewport, 'ru');
      await page.goto(`${app.baseUrl}/admin/games`);
      await eventually(() => page.getByText('Mobile Legends', { exact: true }).count()).toBeGreaterThan(0);
      await settleAndShoot(page, `admin-games-${viewportName}`);

      await page.goto(`${app.baseUrl}/admin/games/${game.id}?tab=denominations`);
      await expect.poll(() => page.getByText('172 алмаза', { exact: true }).count(), WAIT).toBeGreaterThan(0);
      await settleAndShoot(page, `admin-game-denominations-${viewportName}`);
      await context.close();
    });
  }
});
