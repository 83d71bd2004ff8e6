import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminSession, notification, openAdmin as openAdminFor, settleAndShoot, WAIT, type SessionState, type Viewport } from './back-office';
import { launchBrowser, VIEWPORTS } from './browser';
import { startStore, type RunningStore } from './store';

/**
 * The back office's stock screens on a phone and a desktop, in English and Russian: the codes table
 * fits a laptop screen with its row actions, a deleted PUBG denomination leads back to the
 * denominations, generated codes are published from a phone, a visitor without a session meets the
 * back office's login, and empty lists read naturally.
 */
let app: RunningStore;
let browser: Browser;
let adminState: SessionState;

beforeAll(async () => {
  app = await startStore();
  browser = await launchBrowser();
  adminState = await adminSession(browser, app.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const openAdmin = (viewport: Viewport, language: 'en' | 'ru' = 'en') => openAdminFor(browser, adminState, viewport, language);

const SIZES = [
  ['phone', VIEWPORTS.phone],
  ['desktop', VIEWPORTS.desktop],
] as const;

/** The page title in the app bar (react-admin's title portal). */
const appBarTitle = (page: Page) => page.locator('#react-admin-title').innerText();

describe('without a session', () => {
  for (const [size, viewport] of SIZES) {
    it(`shows the back office's login at /admin/ on a ${size}`, async () => {
      const context = await browser.newContext({ viewport });
      await context.addInitScript(() => {
        const counted = window as unknown as { navigations: number };
        counted.navigations = 0;
        const push = history.pushState.bind(history);
        history.pushState = (...args) => {
          counted.navigations += 1;
          push(...args);
        };
      });
      const page = await context.newPage();
      await page.goto(`${app.baseUrl}/admin/`);
      await page.waitForURL(/\/admin\/login$/, WAIT);
      await expect.poll(() => page.locator('input[type="password"]').count(), WAIT).toBe(1);
      // One trip to the login page: it once sent itself there hundreds of times, a core busy for seconds.
      expect(await page.evaluate(() => (window as unknown as { navigations: number }).navigations)).toBeLessThanOrEqual(2);
      await settleAndShoot(page, `admin-login-no-session-${size}`);
      await context.close();
    });
  }
});

describe('the codes list', () => {
  for (const language of ['en', 'ru'] as const) {
    it(`fits a 1440 px screen with every row's actions in view (${language})`, async () => {
      const { context, page } = await openAdmin(VIEWPORTS.desktop, language);
      await page.goto(`${app.baseUrl}/admin/codes`);
      const rows = page.locator('tbody tr');
      await expect.poll(() => rows.count(), WAIT).toBeGreaterThan(0);
      const wrapper = page.locator('.RaDataTable-tableWrapper');
      const overflow = await wrapper.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const deleteButton = rows.first().getByRole('button', { name: language === 'en' ? 'Delete' : 'Удалить' });
      const box = await deleteButton.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(VIEWPORTS.desktop.width);
      // Masks tell codes apart: the demo codes show their start too.
      expect(await rows.first().innerText()).toMatch(/DEM••••••/);
      await settleAndShoot(page, `admin-codes-desktop-${language}`);
      await context.close();
    });
  }

  it('writes game amounts for the admin\'s language, and titles the page on a phone', async () => {
    const { context, page } = await openAdmin(VIEWPORTS.phone, 'ru');
    await page.goto(`${app.baseUrl}/admin/codes`);
    await expect.poll(() => appBarTitle(page), WAIT).toBe('Коды');
    await settleAndShoot(page, 'admin-codes-phone-ru');
    await context.close();

    const desktop = await openAdmin(VIEWPORTS.desktop, 'ru');
    await desktop.page.goto(`${app.baseUrl}/admin/freefireCodes`);
    // 5 600 diamonds and more in the demo: a Russian reader sees a space, never "5,600".
    await expect.poll(() => desktop.page.locator('tbody').innerText(), WAIT).toMatch(/\d\u00a0\d{3}/);
    expect(await desktop.page.locator('tbody').innerText()).not.toMatch(/\d,\d{3}/);
    await desktop.context.close();
  });
});

describe('PUBG denominations', () => {
  for (const [size, viewport] of SIZES) {
    it(`returns to the denominations list after deleting one on a ${size}`, async () => {
      const ucAmount = size === 'phone' ? 777_001 : 777_002;
      const { id: pubg } = await app.db('games as g').join('products as p', 'p.id', 'g.product_id').where('p.slug', 'pubg').first('g.id');
      const [denomination] = await app.db('game_denominations').insert({ game_id: pubg, amount: ucAmount, unit: 'UC', price_usd: 100, price_rub: 7900 }).returning('id');
      const { context, page } = await openAdmin(viewport);
      await page.goto(`${app.baseUrl}/admin/pubgDenominations/${denomination.id}`);
      await page.getByRole('button', { name: 'Delete' }).last().click();
      await page.getByRole('dialog').getByRole('button', { name: /Confirm|Delete/ }).last().click();
      await page.waitForURL(`${app.baseUrl}/admin/pubgCodes/denominations`, WAIT);
      // The list, inside the back office: its tab selected, its rows shown, the deleted one gone.
      await expect.poll(() => page.getByRole('tab', { name: 'Denominations', selected: true }).count(), WAIT).toBe(1);
      await expect.poll(() => page.locator('main').innerText(), WAIT).toMatch(/\b60\b/);
      expect(await page.locator('main').innerText()).not.toContain(String(ucAmount));
      expect(await app.db('game_denominations').where({ id: denomination.id }).first()).toBeUndefined();
      await settleAndShoot(page, `admin-pubg-denomination-deleted-${size}`);
      await context.close();
    });
  }
});

describe('generated codes', () => {
  it('are published and hidden from a phone', async () => {
    const { context, page } = await openAdmin(VIEWPORTS.phone, 'ru');
    await page.goto(`${app.baseUrl}/admin/generatedCodes`);
    const toggle = page.getByRole('switch', { name: 'Опубликован' }).first();
    await expect.poll(() => toggle.count(), WAIT).toBe(1);
    await expect.poll(() => appBarTitle(page), WAIT).not.toBe('');
    await settleAndShoot(page, 'admin-generated-codes-phone-ru');
    const publishedCount = async () => Number((await app.db('stock_codes').where({ source: 'generated' }).where({ published: true }).count({ n: '*' }))[0]?.n);
    const before = await publishedCount();
    await toggle.click();
    await expect.poll(() => notification(page, /Снят с публикации/).count(), WAIT).toBe(1);
    expect(await publishedCount()).toBe(before - 1);
    await context.close();
  });
});

describe('empty lists', () => {
  const texts = {
    en: { empty: 'No orders yet', filtered: 'Nothing matches the current filters.' },
    ru: { empty: 'Заказов пока нет', filtered: 'С такими фильтрами ничего не найдено.' },
  } as const;
  for (const language of ['en', 'ru'] as const) {
    for (const [size, viewport] of SIZES) {
      it(`read naturally in ${language} on a ${size}`, async () => {
        const { context, page } = await openAdmin(viewport, language);
        await page.goto(`${app.baseUrl}/admin/orders`);
        await expect.poll(() => page.locator('main').innerText(), WAIT).toContain(texts[language].empty);
        await settleAndShoot(page, `admin-orders-empty-${size}-${language}`);
        const filter = encodeURIComponent(JSON.stringify({ q: 'no-such-code-anywhere' }));
        await page.goto(`${app.baseUrl}/admin/codes?filter=${filter}`);
        await expect.poll(() => page.locator('main').innerText(), WAIT).toContain(texts[language].filtered);
        await context.close();
      });
    }
  }
});
