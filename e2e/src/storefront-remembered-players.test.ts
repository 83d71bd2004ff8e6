import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoRawKeys, screenshot, VIEWPORTS } from './browser';
import { signInOnStorefront } from './back-office';
import { storeAndBrowser } from './store';

/**
 * The journeys around a purchase a shopper relies on, in a browser whose own language the store
 * follows (uz-UZ opens in Uzbek, ru-RU in Russian): a player id checked once is offered again on the
 * next visit with its nickname; an unknown id is said under the field; on a phone the cart is one tap
 * away in the header and the support page's messenger covers no text.
 */

const SHOPPER = { nickname: 'shopper', password: 'shopper12345' };
/** The sandbox game knows a player id of 6 to 12 digits unless it ends in 0; its nickname is Player + the last 4 digits. */
const PLAYER_ID = '123456789';
const PLAYER_NAME = 'Player6789';

const BROWSERS = [
  { locale: 'uz-UZ', language: 'uz', playerId: "O'yinchi ID", find: 'Topish', recent: "So'nggilari:", notFound: "Noto'g'ri ID", title: 'PUBG Mobile' },
  { locale: 'ru-RU', language: 'ru', playerId: 'ID игрока', find: 'Найти', recent: 'Недавние:', notFound: 'Неверный ID', title: 'PUBG Mobile' },
] as const;

/** English words the storefront must not show in the Russian or Uzbek store (a name like "PUBG Mobile" or "UC" is no word of English). */
const ENGLISH = /\b(Topup|Top up|Player not found|Recent|Find|Cart|Support|Codes will appear)\b/;

const running = storeAndBrowser();

const eventually = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

async function expectShopperLanguage(page: Page): Promise<void> {
  await expectNoRawKeys(page);
  expect(await page.locator('main').innerText()).not.toMatch(ENGLISH);
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  describe(`on a ${name}`, () => {
    for (const text of BROWSERS) {
      it(`a ${text.locale} browser opens the store in its language and offers the player checked before (${text.language})`, async () => {
        const { app, browser } = running;
        const context = await browser.newContext({ viewport, locale: text.locale });
        const page = await signInOnStorefront(context, app.baseUrl, SHOPPER);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(text.language);

        await page.goto(`${app.baseUrl}/products/pubg`);
        const field = page.getByRole('textbox', { name: text.playerId });
        await field.fill('123456780');
        await page.getByRole('button', { name: text.find, exact: true }).click();
        await eventually(() => page.getByTestId('player-id-error').innerText()).toContain(text.notFound);

        await field.fill(PLAYER_ID);
        await page.getByRole('button', { name: text.find, exact: true }).click();
        await eventually(() => page.getByTestId('verified-player').innerText()).toContain(PLAYER_NAME);

        // The next visit offers the player again, with the nickname the game confirmed.
        await page.goto(`${app.baseUrl}/products/pubg`);
        const recent = page.getByRole('group', { name: text.recent });
        await eventually(() => recent.innerText()).toContain(PLAYER_NAME);
        await recent.getByRole('button', { name: new RegExp(PLAYER_ID) }).click();
        await eventually(() => field.inputValue()).toBe(PLAYER_ID);
        await eventually(() => page.getByTestId('verified-player').innerText()).toContain(PLAYER_NAME);
        await expectShopperLanguage(page);
        await screenshot(page, `remembered-player-${name}-${text.language}`);

        // A phone's header keeps the cart beside the menu; the support page's messenger covers no text.
        expect(await page.getByTestId('phone-cart').isVisible()).toBe(viewport === VIEWPORTS.phone);
        await page.goto(`${app.baseUrl}/support`);
        const messenger = page.getByTestId('support-messenger');
        await eventually(() => messenger.count()).toBe(1);
        await page.locator('details').first().click();
        // Every text shown (a closed answer is not) clear of the messenger, wherever the page is scrolled.
        const covered = await page.evaluate(() => {
          const button = document.querySelector('[data-testid="support-messenger"]')!.getBoundingClientRect();
          return [...document.querySelectorAll('main p, main summary, main label')]
            .filter((element) => {
              const box = element.getBoundingClientRect();
              const overlaps = box.left < button.right && box.right > button.left && box.top < button.bottom && box.bottom > button.top;
              return overlaps && element.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true });
            })
            .map((element) => element.textContent);
        });
        expect(covered).toEqual([]);
        await expectShopperLanguage(page);
        await screenshot(page, `support-${name}-${text.language}`);
        await context.close();
      });
    }
  });
}
