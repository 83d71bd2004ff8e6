import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot, VIEWPORTS } from './browser';
import { startStore, type RunningStore } from './store';

/**
 * What a shopper keeps and sees on a phone and a desktop: choices kept across the login detour, a
 * double click that adds once, nothing covering the amount, the send button or the verified player,
 * flags as images, the game forms on the first screen and placeholders that fit.
 */

const SHOPPER = { nickname: 'shopper', password: 'shopper12345' };
/** The sandbox game knows a player id of 6 to 12 digits unless it ends in 0; its nickname is Player + the last 4 digits. */
const PLAYER_ID = '123456789';
const PLAYER_NAME = 'Player6789';
const LANGUAGES = ['ru', 'en', 'uz'] as const;
type Language = (typeof LANGUAGES)[number];
type Viewport = { width: number; height: number };

let app: RunningStore;
let browser: Browser;
let shopperId: number;

const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000, interval: 100 });

beforeAll(async () => {
  app = await startStore();
  browser = await launchBrowser();
  shopperId = Number((await app.db('users').where({ nickname: SHOPPER.nickname }).first('id')).id);
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function openPage(viewport: Viewport, language: Language = 'en'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(`
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('language', '${language}');
      localStorage.setItem('currency', 'USD');
    }
  `);
  return { context, page: await context.newPage() };
}

async function logIn(page: Page): Promise<void> {
  await page.waitForURL(/\/login$/);
  await page.locator('input[name="nickname"]').fill(SHOPPER.nickname);
  await page.locator('input[name="password"]').fill(SHOPPER.password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

async function findPlayer(scope: Page | Locator, find = 'Find'): Promise<void> {
  await scope.getByRole('textbox', { name: /Player ID|ID игрока|O'yinchi ID/ }).fill(PLAYER_ID);
  await scope.getByRole('button', { name: find, exact: true }).click();
  await eventually(() => scope.getByTestId('verified-player').textContent()).toContain(PLAYER_NAME);
}

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Closes the notifications and shoots the page from the top. */
async function pageScreenshot(page: Page, name: string): Promise<void> {
  for (const toast of await page.getByTestId('toast').all()) await toast.getByRole('button').last().click();
  await eventually(() => page.getByTestId('toast').count()).toBe(0);
  await page.evaluate('window.scrollTo(0, 0)');
  await screenshot(page, name);
}

async function cartLines(): Promise<Array<{ quantity: number }>> {
  return app.db('cart_items').where({ user_id: shopperId }).select('quantity');
}

/** Placeholders wider than the room inside their field, measured with the placeholder's own font. */
const CUT_PLACEHOLDERS = `(() => {
  const canvas = document.createElement('canvas').getContext('2d');
  return [...document.querySelectorAll('input[placeholder], textarea[placeholder]')]
    .filter((field) => field.offsetParent !== null && field.placeholder !== '')
    .filter((field) => {
      const font = getComputedStyle(field, '::placeholder');
      const style = getComputedStyle(field);
      canvas.font = [font.fontStyle, font.fontWeight, font.fontSize, font.fontFamily].join(' ');
      const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return canvas.measureText(field.placeholder).width > room;
    })
    .map((field) => field.placeholder);
})()`;

async function cutPlaceholders(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(CUT_PLACEHOLDERS);
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  describe(`on a ${name}`, () => {
    it('the product page keeps the region, option and quantity across the login, and a double click adds once', async () => {
      await app.db('cart_items').where({ user_id: shopperId }).delete();
      const { context, page } = await openPage(viewport);
      await page.goto(`${app.baseUrl}/products/steam-gift-card`);
      const region = page.getByLabel('Region');
      const regionValue = await region.locator('option').last().getAttribute('value');
      await region.selectOption(regionValue!);
      const option = page.getByRole('group', { name: 'Choose an amount' }).getByRole('button', { disabled: false }).nth(1);
      const optionName = (await option.innerText()).split('\n')[0]!;
      await option.click();
      await page.getByRole('button', { name: 'Increase quantity' }).click();
      await page.getByRole('button', { name: 'Increase quantity' }).click();
      expect(await page.getByRole('spinbutton', { name: 'Quantity' }).inputValue()).toBe('3');

      await page.getByRole('button', { name: 'Log in to buy' }).click();
      await eventually(() => page.getByTestId('toast').allTextContents()).toContainEqual(
        expect.stringContaining('Log in to add this to your cart'),
      );
      await logIn(page);
      expect(new URL(page.url()).pathname).toBe('/products/steam-gift-card');
      expect(await region.inputValue()).toBe(regionValue);
      const chosen = page.getByRole('button', { name: new RegExp(`^${optionName}`), pressed: true });
      await eventually(() => chosen.count()).toBe(1);
      await eventually(() => page.getByRole('spinbutton', { name: 'Quantity' }).inputValue()).toBe('3');

      // Both clicks land before the first answer: one line of 3, not 6.
      await page.getByRole('button', { name: 'Add to cart' }).dblclick();
      await eventually(() => page.getByTestId('toast').allTextContents()).toContainEqual(expect.stringContaining('Added to cart'));
      await eventually(() => page.getByTestId('cart-count').first().getAttribute('data-count')).toBe('3');
      // A phone's header keeps the cart one tap away, with its count, beside the menu; a desktop has it in the nav.
      const phoneCart = page.getByTestId('phone-cart');
      expect(await phoneCart.isVisible()).toBe(viewport === VIEWPORTS.phone);
      expect(await phoneCart.getByTestId('cart-count').getAttribute('data-count')).toBe('3');
      expect(await cartLines()).toEqual([{ quantity: 3 }]);
      await context.close();
    });

    it('Free Fire keeps the player and the offer across the login, and the Activate tab asks to log in to activate', async () => {
      const { context, page } = await openPage(viewport);
      await page.goto(`${app.baseUrl}/products/freefire?tab=activate`);
      const activateTab = page.getByRole('tabpanel');
      await activateTab.getByRole('textbox', { name: 'Player ID' }).fill(PLAYER_ID);
      await activateTab.getByLabel('Activation code').fill('DEMO-CODE');
      await activateTab.getByRole('button', { name: 'Activate now' }).click();
      await eventually(() => page.getByTestId('toast').allTextContents()).toContainEqual(
        expect.stringContaining('Log in to activate your Free Fire code'),
      );
      expect((await page.getByTestId('toast').allTextContents()).join(' ')).not.toContain('top up');
      await logIn(page);
      expect(new URL(page.url()).search).toBe('?tab=activate');
      expect(await page.getByRole('tabpanel').getByLabel('Activation code').inputValue()).toBe('DEMO-CODE');
      await context.close();

      const topup = await openPage(viewport);
      await topup.page.goto(`${app.baseUrl}/products/freefire`);
      await findPlayer(topup.page.getByRole('tabpanel'));
      await topup.page.getByRole('button', { name: /310 Diamonds/ }).click();
      await topup.page.getByRole('button', { name: 'Top up now' }).click();
      await logIn(topup.page);
      expect(new URL(topup.page.url()).pathname).toBe('/products/freefire');
      const tab = topup.page.getByRole('tabpanel');
      expect(await tab.getByRole('textbox', { name: 'Player ID' }).inputValue()).toBe(PLAYER_ID);
      expect(await tab.getByTestId('verified-player').textContent()).toContain(PLAYER_NAME);
      expect(await topup.page.getByRole('button', { name: /310 Diamonds/ }).getAttribute('aria-pressed')).toBe('true');
      await topup.context.close();
    });

    for (const language of LANGUAGES) {
      it(`in ${language}: nothing covers the PUBG amount, the verified player or the send button; flags are images; placeholders fit`, async () => {
        const { context, page } = await openPage(viewport, language);
        const find = { ru: 'Найти', en: 'Find', uz: 'Topish' }[language];

        // The game form starts on the first screen.
        for (const game of ['pubg', 'freefire', 'steam']) {
          await page.goto(`${app.baseUrl}/products/${game}`);
          const form = page.locator('main .card').first();
          await eventually(() => form.isVisible()).toBe(true);
          expect((await box(form)).y).toBeLessThan(viewport.height / 2);
          expect(await cutPlaceholders(page)).toEqual([]);
          await pageScreenshot(page, `phone-layout-${game}-${language}-${name}`);
        }

        // 97 200 UC is the 8 100 UC package 12 times: its badge sits clear of the amount and the price.
        await page.goto(`${app.baseUrl}/products/pubg`);
        await page.locator('main input[inputmode="numeric"]').first().fill('97200');
        const tile = page.getByRole('button', { name: /^8[\s,.\u00a0\u202f]?100/ });
        const badge = tile.locator('span', { hasText: '×12' });
        expect(intersects(await box(badge), await box(tile.locator('span').first()))).toBe(false);
        expect(intersects(await box(badge), await box(tile.locator('span').nth(2)))).toBe(false);

        // The player check's toast leaves the verified player visible, even with the field at the bottom of the screen.
        const playerField = page.getByRole('textbox', { name: /Player ID|ID игрока|O'yinchi ID/ });
        await playerField.evaluate((field) => field.scrollIntoView({ block: 'end' }));
        await findPlayer(page, find);
        await eventually(() => page.getByTestId('toast').count()).toBeGreaterThan(0);
        const verified = await box(page.getByTestId('verified-player'));
        for (const toast of await page.getByTestId('toast').all()) expect(intersects(await box(toast), verified)).toBe(false);
        expect(verified.y + verified.height).toBeLessThanOrEqual(viewport.height);
        // What the shopper sees right then: the screen, not the whole page.
        await screenshot(page, `phone-layout-pubg-found-${language}-${name}`, { fullPage: false });

        // Region flags are images, the option labels carry no emoji flags.
        await page.goto(`${app.baseUrl}/products/steam-gift-card`);
        const flagLoaded = `(() => { const flag = document.querySelector('[data-testid="region-flag"]'); return flag?.tagName === 'IMG' && flag.complete && flag.naturalWidth > 0; })()`;
        await eventually(() => page.evaluate<boolean>(flagLoaded)).toBe(true);
        expect(await page.locator('select option').allTextContents()).not.toContainEqual(expect.stringMatching(/[\u{1F1E6}-\u{1F1FF}\u{1F310}]/u));
        expect(await cutPlaceholders(page)).toEqual([]);
        await pageScreenshot(page, `phone-layout-product-${language}-${name}`);

        await page.goto(`${app.baseUrl}/products`);
        await eventually(() => page.locator('input[type="search"], input[placeholder]').count()).toBeGreaterThan(0);
        expect(await cutPlaceholders(page)).toEqual([]);

        // The send button ends clear of the floating messenger button, wherever it is scrolled.
        await page.goto(`${app.baseUrl}/support`);
        const send = page.locator('form button[type="submit"]');
        await send.evaluate((button) => button.scrollIntoView({ block: 'end' }));
        const messenger = page.locator('main a[target="_blank"][title]');
        expect(intersects(await box(send), await box(messenger))).toBe(false);
        expect(await cutPlaceholders(page)).toEqual([]);
        await screenshot(page, `phone-layout-support-${language}-${name}`);
        await context.close();
      });
    }
  });
}
