import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectNoRawKeys, launchBrowser, screenshot, VIEWPORTS } from './browser';
import { startStore, type RunningStore } from './store';

/**
 * Free Fire codes from the demo catalogue: bought on the Free Fire page (reached from the Activate
 * tab), delivered on the receipt, and activated typed carelessly (lower case, spaces around). A desktop
 * in English paying in dollars, a phone in Russian paying in roubles.
 */
let app: RunningStore;
let browser: Browser;
let session: { token: string; nickname: string; userId: string };

const SHOPPER = { nickname: 'shopper', password: 'shopper12345' };
/** A player the sandbox game knows. */
const PLAYER_ID = '123456789';
const PLAYER_NAME = 'Player6789';
const FLOW_TIMEOUT_MS = 120_000;

beforeAll(async () => {
  app = await startStore();
  browser = await launchBrowser();
  const response = await fetch(`${app.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(SHOPPER),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { token: string; nickname: string; userId: number | string };
  session = { token: body.token, nickname: body.nickname, userId: String(body.userId) };
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const PASSES = [
  {
    name: 'desktop',
    viewport: VIEWPORTS.desktop,
    language: 'en',
    currency: 'USD',
    texts: {
      buyLink: 'Buy a code',
      sectionTitle: 'Free Fire codes',
      add: 'Add to cart: a code for 100 diamonds',
      added: 'A code for 100 diamonds is in your cart',
      pay: 'Pay $0.99',
      showCodes: 'Show codes',
      playerId: 'Player ID',
      find: 'Find',
      code: 'Activation code',
      activate: 'Activate now',
      activated: 'Code activated!',
    },
  },
  {
    name: 'phone',
    viewport: VIEWPORTS.phone,
    language: 'ru',
    currency: 'RUB',
    texts: {
      buyLink: 'Купить код',
      sectionTitle: 'Коды Free Fire',
      add: 'В корзину: код на 100 алмазов',
      added: 'Код на 100 алмазов в корзине',
      pay: /^Оплатить 78,21\s₽$/,
      showCodes: 'Показать коды',
      playerId: 'ID игрока',
      find: 'Найти',
      code: 'Код активации',
      activate: 'Активировать',
      activated: 'Код активирован!',
    },
  },
] as const;

async function openContext(viewport: { width: number; height: number }, language: string, currency: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  const storage = { language, currency, token: session.token, nickname: session.nickname, userId: session.userId };
  await context.addInitScript(`for (const [key, value] of Object.entries(${JSON.stringify(storage)})) localStorage.setItem(key, value);`);
  return context;
}

/** Whether the element's top edge is on screen (below the fixed header counts). */
async function topIsOnScreen(page: Page, text: string): Promise<boolean> {
  const box = await page.getByRole('heading', { name: text }).boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  return box !== null && box.y >= 0 && box.y < height;
}

async function activatedFor(playerId: string): Promise<number> {
  const row = await app.db('stock_codes').where({ source: 'generated' }).where({ activated_player_id: playerId }).whereNotNull('activated_at').count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

async function shopperCart(): Promise<Array<{ quantity: number }>> {
  return app.db('cart_items').join('users', 'users.id', 'cart_items.user_id').where('users.nickname', SHOPPER.nickname).select('cart_items.quantity');
}

describe.each(PASSES)('on a $name in $language', ({ name, viewport, language, currency, texts }) => {
  it('buys a Free Fire code from the Free Fire page, finds it on the receipt and activates it typed in lower case', async () => {
    const context = await openContext(viewport, language, currency);
    const page = await context.newPage();
    const activatedBefore = await activatedFor(PLAYER_ID);

    // The Activate tab says where codes are sold, and takes the shopper there.
    await page.goto(`${app.baseUrl}/products/freefire?tab=activate`);
    await page.getByRole('link', { name: texts.buyLink }).click();
    await expect.poll(() => topIsOnScreen(page, texts.sectionTitle)).toBe(true);
    const addButton = page.getByRole('button', { name: texts.add });
    await expect.poll(() => addButton.isEnabled()).toBe(true);
    await expectNoRawKeys(page);
    // From the top: the fixed header is drawn where the page happens to be scrolled.
    await page.evaluate('window.scrollTo(0, 0)');
    await screenshot(page, `storefront-freefire-codes-${name}`);

    // A double click puts one code in the cart.
    await addButton.dblclick();
    await expect.poll(() => page.getByTestId('toast').filter({ hasText: texts.added }).count()).toBe(1);
    expect(await shopperCart()).toEqual([{ quantity: 1 }]);

    await page.goto(`${app.baseUrl}/checkout`);
    await page.getByRole('button', { name: texts.pay }).click();
    await page.waitForURL(`${app.baseUrl}/orders`);
    const card = page.getByTestId('order-card').first();
    await expect.poll(() => card.getByTestId('order-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('completed');
    await card.click();
    await page.waitForURL(/\/orders\/\d+$/);
    await page.getByRole('button', { name: texts.showCodes }).click();
    const code = (await page.getByTestId('activation-code').innerText()).trim();
    expect(code).toMatch(/^DEMO-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    await screenshot(page, `storefront-freefire-code-receipt-${name}`);

    await page.goto(`${app.baseUrl}/products/freefire?tab=activate`);
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel(texts.playerId).fill(PLAYER_ID);
    await panel.getByRole('button', { name: texts.find, exact: true }).click();
    await expect.poll(() => panel.getByTestId('verified-player').textContent()).toContain(PLAYER_NAME);
    await panel.getByLabel(texts.code).fill(`  ${code.toLowerCase()}  `);
    await panel.getByRole('button', { name: texts.activate }).click();
    await expect.poll(() => page.getByTestId('toast').filter({ hasText: texts.activated }).count()).toBe(1);
    expect(await activatedFor(PLAYER_ID)).toBe(activatedBefore + 1);
    await context.close();
  }, FLOW_TIMEOUT_MS);
});
