import { expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { VIEWPORTS } from './browser';

/**
 * What the journeys paying a PUBG top-up in sums share (through Payme or Click): the demo shopper signed
 * in with the interface in Uzbek or Russian and prices in UZS, and the way from the PUBG page to checkout.
 */

export const PLAYER_ID = '51234567';
const PLAYER_NAME = 'Player4567';

export type SumsLanguage = 'uz' | 'ru';
type Viewport = (typeof VIEWPORTS)[keyof typeof VIEWPORTS];

/** expect.poll with room for a busy machine. */
const eventually = <T>(read: () => T | Promise<T>, timeout = 30_000) => expect.poll(read, { timeout, interval: 100 });

const TEXTS = {
  uz: { player: "O'yinchi ID", find: 'Topish', topUp: "Hozir to'ldirish", sums: "so'm" },
  ru: { player: 'ID игрока', find: 'Найти', topUp: 'Пополнить сейчас', sums: 'сум' },
} as const;

/** A page of the demo shopper, signed in, the interface in `language`, prices in UZS. */
export async function openShopperInSums(browser: Browser, baseUrl: string, language: SumsLanguage, viewport: Viewport): Promise<Page> {
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nickname: 'shopper', password: 'shopper12345' }),
  });
  const session = (await login.json()) as { token: string; nickname: string; userId: number };
  const context = await browser.newContext({ viewport });
  await context.addInitScript(`
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('token', ${JSON.stringify(session.token)});
      localStorage.setItem('nickname', ${JSON.stringify(session.nickname)});
      localStorage.setItem('userId', '${session.userId}');
      localStorage.setItem('language', '${language}');
      localStorage.setItem('currency', 'UZS');
    }
  `);
  return context.newPage();
}

/** 385 UC for the checked player, priced in whole sums, up to checkout; resolves to the checkout's total. */
export async function pubgToCheckoutInSums(page: Page, baseUrl: string, language: SumsLanguage): Promise<string> {
  const texts = TEXTS[language];
  await page.goto(`${baseUrl}/products/pubg`);
  await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('PUBG Mobile');
  await page.getByRole('button', { name: '385 UC', exact: true }).click();
  // The page's prices are in whole sums.
  await eventually(() => page.locator('main').innerText()).toMatch(new RegExp(`\\d[\\d\\s\\u00a0]*\\s${texts.sums}`));
  await page.getByLabel(texts.player).fill(PLAYER_ID);
  await page.getByRole('button', { name: texts.find, exact: true }).click();
  await eventually(() => page.getByTestId('verified-player').textContent()).toContain(PLAYER_NAME);
  await page.getByRole('button', { name: texts.topUp }).click();
  await page.waitForURL(/\/checkout$/);
  // The demo promotion discounts PUBG: the total is the sale price, beside the list price struck through.
  const total = page.getByTestId('checkout-total').getByTestId('sale-price');
  await eventually(() => total.textContent()).toMatch(new RegExp(`^[\\d\\s\\u00a0]+\\s${texts.sums}$`));
  return (await total.textContent()) ?? '';
}

/** The digits of an amount as a page writes it, to compare sums written in different languages. */
export const digitsOf = (text: string | null) => text?.replace(/\D/g, '');
