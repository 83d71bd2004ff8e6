import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminSession, notification, openAdmin, settleAndShoot, WAIT, type SessionState, type Viewport } from './back-office';
import { launchBrowser, screenshot, VIEWPORTS } from './browser';
import { startStore, type RunningStore } from './store';

/**
 * An admin writes a product's title in Russian, English and Uzbek side by side (three columns on a
 * desktop, stacked and labelled on a phone), and the storefront shows each shopper the title in the
 * store's language. The product is this test's own: nothing depends on the demo catalogue's texts.
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

/** A product of this test with only its Russian title. */
async function russianOnlyProduct(): Promise<{ id: number; slug: string; title: string }> {
  const slug = `aurora-${randomBytes(3).toString('hex')}`;
  const title = `Карта Аврора ${slug.slice(-6)}`;
  const [row] = await app
    .db('products')
    .insert({ slug, title, category: 'gift_card', game_currency: 'USD', has_global_codes: true })
    .returning(['id']);
  return { id: row.id, slug, title };
}

/** The three inputs of the product's title, Russian, English and Uzbek. */
const titleInputs = (page: Page) =>
  ['input[name="title"]', 'input[name="translations.en.title"]', 'input[name="translations.uz.title"]'].map((selector) => page.locator(selector));

/** The storefront's product page in `language`, once its heading shows. */
async function storefrontTitle(viewport: Viewport, language: 'ru' | 'en' | 'uz', slug: string, shot: string): Promise<string> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(`localStorage.setItem('language', '${language}');`);
  const page = await context.newPage();
  await page.goto(`${app.baseUrl}/products/${slug}`);
  const heading = page.getByRole('heading', { level: 1 });
  await expect.poll(() => heading.count(), WAIT).toBe(1);
  const title = (await heading.innerText()).trim();
  await page.waitForLoadState('networkidle');
  await screenshot(page, shot);
  await context.close();
  return title;
}

describe.each([
  { name: 'desktop', viewport: VIEWPORTS.desktop, adminLanguage: 'en' as const, labels: ['Russian', 'English', 'Uzbek'] },
  { name: 'phone', viewport: VIEWPORTS.phone, adminLanguage: 'ru' as const, labels: ['Русский', 'Английский', 'Узбекский'] },
])('a product title in three languages on a $name', ({ name, viewport, adminLanguage, labels }) => {
  it('is edited side by side in the back office, and the storefront shows each language its own', async () => {
    const product = await russianOnlyProduct();
    const english = `Aurora Card ${product.slug.slice(-6)}`;
    const uzbek = `Avrora karta ${product.slug.slice(-6)}`;

    const { context, page } = await openAdmin(browser, adminState, viewport, adminLanguage);
    await page.goto(`${app.baseUrl}/admin/products/${product.id}`);
    const [russianInput, englishInput, uzbekInput] = titleInputs(page) as [ReturnType<Page['locator']>, ReturnType<Page['locator']>, ReturnType<Page['locator']>];
    await expect.poll(() => russianInput.inputValue(), WAIT).toBe(product.title);
    expect(await englishInput.inputValue()).toBe('');

    // Each column is labelled with its language.
    const group = page.getByRole('group', { name: adminLanguage === 'en' ? 'Title' : 'Название' });
    const shownLabels = (await group.locator('label').allInnerTexts()).map((text) => text.replace(/[\s*]+$/u, ''));
    expect(shownLabels).toEqual(labels);

    await englishInput.fill(english);
    await uzbekInput.fill(uzbek);
    const boxes = await Promise.all([russianInput, englishInput, uzbekInput].map(async (input) => (await input.boundingBox())!));
    const [ru, en, uz] = boxes as [NonNullable<(typeof boxes)[number]>, NonNullable<(typeof boxes)[number]>, NonNullable<(typeof boxes)[number]>];
    if (name === 'desktop') {
      // Side by side: one row, left to right, none overlapping the next.
      expect(Math.abs(en.y - ru.y)).toBeLessThan(2);
      expect(Math.abs(uz.y - ru.y)).toBeLessThan(2);
      expect(en.x).toBeGreaterThanOrEqual(ru.x + ru.width);
      expect(uz.x).toBeGreaterThanOrEqual(en.x + en.width);
    } else {
      // Stacked, each as wide as the form and within the screen.
      expect(en.y).toBeGreaterThanOrEqual(ru.y + ru.height);
      expect(uz.y).toBeGreaterThanOrEqual(en.y + en.height);
      for (const box of boxes) expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    }
    await settleAndShoot(page, `admin-product-translations-${name}`);

    await page.getByRole('button', { name: adminLanguage === 'en' ? 'Save' : 'Сохранить', exact: true }).click();
    await page.waitForURL(/\/admin\/products$/, WAIT);
    await expect.poll(() => notification(page, adminLanguage === 'en' ? 'Element updated' : 'Элемент обновлен').count(), WAIT).toBe(1);
    const stored = await app.db('products').where({ id: product.id }).first('title', 'translations');
    expect(stored).toEqual({ title: product.title, translations: { en: { title: english }, uz: { title: uzbek } } });
    await context.close();

    expect(await storefrontTitle(viewport, 'en', product.slug, `storefront-product-title-en-${name}`)).toBe(english);
    expect(await storefrontTitle(viewport, 'uz', product.slug, `storefront-product-title-uz-${name}`)).toBe(uzbek);
    expect(await storefrontTitle(viewport, 'ru', product.slug, `storefront-product-title-ru-${name}`)).toBe(product.title);
  });
});

describe('a language switch in the storefront', () => {
  it('reads the product again in the new language, without a reload', async () => {
    const product = await russianOnlyProduct();
    await app.db('products').where({ id: product.id }).update({ translations: { uz: { title: `Yangi karta ${product.slug}` } } });
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/products/${product.slug}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.innerText(), WAIT).toBe(product.title);
    await page.locator('header select').filter({ has: page.locator('option[value="uz"]') }).selectOption('uz');
    await expect.poll(() => heading.innerText(), WAIT).toBe(`Yangi karta ${product.slug}`);
    await context.close();
  });
});
