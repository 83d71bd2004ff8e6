import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
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
    await expect.poll(() => page.getByText('PUBG Mobile UC').count()).toBeGreaterThan(0);
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
