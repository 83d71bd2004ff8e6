import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, RAW_KEY, screenshot, VIEWPORTS } from './browser';
import { startStore, type RunningStore } from './store';

let app: RunningStore;
let browser: Browser;

beforeAll(async () => {
  app = await startStore();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe.each(Object.entries(VIEWPORTS))('the storefront on a %s', (name, viewport) => {
  it('shows the home page in Russian by default, with no raw translation keys', async () => {
    const page = await browser.newPage({ viewport });
    await page.goto(`${app.baseUrl}/`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Прокачайте игру в пару кликов');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
    await screenshot(page, `storefront-home-${name}`);
    await page.close();
  });

  it('lists the seeded catalogue and opens a product page with price options', async () => {
    const page = await browser.newPage({ viewport });
    await page.goto(`${app.baseUrl}/products`);
    await expect.poll(() => page.getByText('PUBG Mobile').count()).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
    await screenshot(page, `storefront-products-${name}`);

    await page.goto(`${app.baseUrl}/products/razer-gold`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('Razer Gold');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
    await screenshot(page, `storefront-product-${name}`);
    await page.close();
  });
});

it('switches the language to English and keeps it after a reload', async () => {
  const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
  await page.goto(`${app.baseUrl}/`);
  await page.getByRole('combobox').first().selectOption('en');
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Level up your game in a few clicks');
  await page.reload();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Level up your game in a few clicks');
  await page.close();
});

const scrollTop = (page: Page) => page.evaluate<number>('window.scrollY');

it('opens a product at its top and returns to the same place in the catalogue on Back', async () => {
  const page = await browser.newPage({ viewport: VIEWPORTS.phone });
  await page.goto(`${app.baseUrl}/products`);
  await expect.poll(() => page.getByText('Razer Gold').count()).toBeGreaterThan(0);
  await page.waitForLoadState('networkidle');
  await page.getByRole('link', { name: /Razer Gold/ }).first().scrollIntoViewIfNeeded();
  const catalogueScroll = await scrollTop(page);
  expect(catalogueScroll).toBeGreaterThan(500);

  await page.getByRole('link', { name: /Razer Gold/ }).first().click();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('Razer Gold');
  expect(await scrollTop(page)).toBe(0);

  await page.goBack();
  await expect.poll(() => scrollTop(page)).toBe(catalogueScroll);
  await page.close();
});

it('fetches the texts of the chosen language only', async () => {
  const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
  await page.goto(`${app.baseUrl}/`);
  await page.getByRole('combobox').first().selectOption('en');
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Level up your game in a few clicks');

  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) scripts.push(response.url());
  });
  await page.goto(`${app.baseUrl}/products`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Products');
  await page.waitForLoadState('networkidle');
  const russianScripts: string[] = [];
  for (const url of scripts) {
    if ((await (await fetch(url)).text()).includes('Товары')) russianScripts.push(url);
  }
  expect(russianScripts).toEqual([]);
  await page.close();
});
