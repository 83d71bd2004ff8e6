import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { adminSession, notification, openAdmin as openAdminFor, settleAndShoot, type SessionState, type Viewport } from './back-office';
import { launchBrowser, VIEWPORTS } from './browser';
import { startStore, type RunningStore } from './store';

/**
 * The back office's catalogue and stock tabs against the whole store: an admin creates a product
 * sold in one region, bulk-loads its codes and finds them offered in the storefront; creates a Free
 * Fire offer, generates codes for it and publishes them; loads PUBG codes. Every tab's list and form
 * is photographed on a desktop and a phone. The flow runs in English; the phone pass in Russian.
 */
let app: RunningStore;
let browser: Browser;
/** The admin's session, logged in once on the storefront (the token is shared through localStorage). */
let adminState: SessionState;

const PRODUCT = { title: 'Arena Test Card', slug: 'arena-test-card', gameCurrency: 'Credits', regionCurrency: 'Lira' };
const OFFER = { name: 'Arena 777 Diamonds', itemId: '777001', price: '7.77', priceRub: '613.83', amount: '777' };

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

/** Polls until the page shows what is expected; a cold back office takes a few seconds to load a list. */
const eventually = <T>(read: () => T | Promise<T>, timeout = 15_000) => expect.poll(read, { timeout });

async function pickOption(page: Page, input: Locator, text: string | RegExp): Promise<void> {
  await input.click();
  await page.getByRole('option', { name: text }).first().click();
}

const countOf = (rows: Array<{ n?: string | number }>) => Number(rows[0]?.n ?? 0);

describe('the catalogue and stock tabs', () => {
  it('opens /admin/ with the tabs in the specification order, products first', async () => {
    const { context, page } = await openAdmin(VIEWPORTS.desktop);
    await page.goto(`${app.baseUrl}/admin/`);
    const menuItems = page.getByRole('menuitem');
    await eventually(async () => (await menuItems.allInnerTexts()).map((text) => text.trim())).toContain('Products');
    const items = (await menuItems.allInnerTexts()).map((text) => text.trim());
    const ours = ['Products', 'Codes', 'Generated codes', 'PUBG codes', 'Free Fire codes'];
    expect(items.filter((item) => ours.includes(item))).toEqual(ours);
    expect(items.indexOf('Products')).toBeLessThanOrEqual(1);
    // Products is where the back office opens; the dashboard is one click away.
    await page.waitForURL(/\/admin\/products$/);
    await page.getByRole('menuitem', { name: 'Dashboard', exact: true }).click();
    await page.waitForURL(/\/admin\/dashboard$/);
    await eventually(() => page.getByRole('group', { name: "Today's sales" }).count()).toBe(1);
    await context.close();
  });

  it('creates a product sold in one region with its own game currency there', async () => {
    const { context, page } = await openAdmin(VIEWPORTS.desktop);
    await page.goto(`${app.baseUrl}/admin/products`);
    await eventually(() => page.getByText('UC для PUBG Mobile').count()).toBeGreaterThan(0);
    await settleAndShoot(page, 'admin-products-desktop');

    await page.getByRole('link', { name: 'Create' }).click();
    await page.waitForURL(/\/admin\/products\/create$/);
    await page.locator('input[name="title"]').fill(PRODUCT.title);
    await page.locator('input[name="slug"]').fill('Not A Slug');
    await page.locator('input[name="gameCurrency"]').fill(PRODUCT.gameCurrency);
    await page.getByLabel('Has global codes').uncheck();
    await page.getByLabel('Sold by region').check();
    await pickOption(page, page.getByRole('combobox', { name: 'Regions' }), /Турция/);
    await page.getByLabel(/Турция/).fill(PRODUCT.regionCurrency);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await eventually(() => page.getByText('Use lowercase letters, digits and single dashes').count()).toBe(1);
    await page.locator('input[name="slug"]').fill(PRODUCT.slug);
    await settleAndShoot(page, 'admin-product-create-desktop');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/admin\/products$/);

    const row = page.locator('tr').filter({ hasText: PRODUCT.title });
    await eventually(() => row.count()).toBe(1);
    await row.click();
    await page.waitForURL(/\/admin\/products\/\d+$/);
    await eventually(() => page.getByLabel(/Турция/).inputValue()).toBe(PRODUCT.regionCurrency);
    await settleAndShoot(page, 'admin-product-edit-desktop');

    const stored = await app.db('products').where({ slug: PRODUCT.slug }).first();
    expect(stored).toMatchObject({ title: PRODUCT.title, has_regions: true, has_global_codes: false, game_currency: 'Credits' });
    const regions = await app.db('product_regions').join('regions', 'regions.id', 'product_regions.region_id').where({ product_id: stored.id });
    expect(regions.map((region: { code: string; game_currency: string | null }) => region.code)).toEqual(['TR']);
    expect(await app.db('product_regions').where({ product_id: stored.id }).first()).toMatchObject({ game_currency: 'Lira' });
    await context.close();
  });

  it('refuses to delete a product that has sold or generated codes, with the API message', async () => {
    const { context, page } = await openAdmin(VIEWPORTS.desktop);
    const freefire = await app.db('products').where({ slug: 'freefire' }).first();
    await page.goto(`${app.baseUrl}/admin/products/${freefire.id}`);
    await eventually(() => page.locator('input[name="title"]').inputValue()).toBe(freefire.title);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await eventually(() => page.getByRole('dialog').innerText()).toContain('unsold codes will be deleted');
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await eventually(() => notification(page, 'cannot be deleted').count()).toBe(1);
    expect(await app.db('products').where({ id: freefire.id }).first()).toBeTruthy();
    await context.close();
  });

  it('bulk-loads codes for the product, lists the rejected lines, and the storefront offers them', async () => {
    const { context, page } = await openAdmin(VIEWPORTS.desktop);
    await page.goto(`${app.baseUrl}/admin/codes`);
    await eventually(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
    await settleAndShoot(page, 'admin-codes-desktop');

    await page.getByRole('button', { name: 'Bulk add' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Product' }).fill('Arena Test');
    await page.getByRole('option', { name: PRODUCT.title }).click();
    await pickOption(page, dialog.getByRole('combobox', { name: 'Region' }), /Турция/);
    const lines = [
      'ARENA-0001-AAAA, 4.99, 394.21, 777',
      'ARENA-0002-BBBB, 4.99, 394.21, 777',
      '',
      'ARENA-0003-CCCC, 4.99, 394.21',
      'ARENA-0001-AAAA, 4.99, 394.21, 777',
      'ARENA-0004-DDDD, 4.99, 394.21, 777',
    ].join('\n');
    await dialog.locator('textarea[name="codes"]').fill(lines);
    await eventually(() => dialog.getByTestId('bulk-preview').innerText()).toContain('5 lines, well-formed: 3');
    await dialog.getByRole('button', { name: 'Upload' }).click();
    const result = dialog.getByTestId('bulk-result');
    await eventually(() => result.innerText()).toContain('3 codes added');
    const resultText = await result.innerText();
    expect(resultText).toContain('2 lines rejected');
    expect(resultText).toMatch(/4\s+Malformed/);
    expect(resultText).toMatch(/5\s+Duplicate/);
    await settleAndShoot(page, 'admin-codes-bulk-desktop');

    // A file goes up as a text/plain stream: 5000 lines, one of them already stored.
    const fileLines = Array.from({ length: 5000 }, (_, i) => `ARENA-FILE-${String(i).padStart(5, '0')}, 4.99, 394.21, 777`);
    fileLines[4999] = 'ARENA-0004-DDDD, 4.99, 394.21, 777';
    await dialog.getByRole('tab', { name: 'Upload a file' }).click();
    await dialog.getByTestId('bulk-file-input').setInputFiles({
      name: 'codes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(fileLines.join('\n')),
    });
    await eventually(() => dialog.innerText()).toContain('codes.txt');
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await eventually(() => result.innerText(), 30_000).toContain('4,999 codes added');
    expect(await result.innerText()).toMatch(/5000\s+Duplicate/);
    await dialog.getByRole('button', { name: 'Close' }).click();

    const product = await app.db('products').where({ slug: PRODUCT.slug }).first();
    expect(await app.db('stock_codes').where({ source: 'manual' }).where({ product_id: product.id, status: 'available' }).count({ n: '*' }).then(countOf)).toBe(5002);

    // The list filtered to the product, an exact code, then one code's edit page.
    await page.goto(`${app.baseUrl}/admin/codes?filter=${encodeURIComponent(JSON.stringify({ productId: product.id, q: 'ARENA-0002-BBBB' }))}`);
    await eventually(() => page.locator('tbody tr').count()).toBe(1);
    await eventually(() => page.locator('tbody tr').innerText()).toContain('BBBB');
    await page.locator('tbody tr').getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/admin\/codes\/\d+$/);
    await eventually(() => page.locator('input[name="priceUsd"]').inputValue()).toBe('4.99');
    await settleAndShoot(page, 'admin-code-edit-desktop');
    await page.goto(`${app.baseUrl}/admin/codes/create`);
    await eventually(() => page.locator('input[name="code"]').count()).toBe(1);
    await settleAndShoot(page, 'admin-code-create-desktop');

    // The storefront, in the region's own game currency.
    const store = await context.newPage();
    await store.goto(`${app.baseUrl}/products/${PRODUCT.slug}`);
    await eventually(() => store.getByRole('heading', { level: 1 }).textContent()).toContain(PRODUCT.title);
    await eventually(() => store.locator('main').innerText()).toMatch(/777\s*Lira/);
    await context.close();
  });

  it('creates a Free Fire offer, generates 20 codes with a progress bar, publishes them, and the store offers it', async () => {
    const { context, page } = await openAdmin(VIEWPORTS.desktop);
    await page.goto(`${app.baseUrl}/admin/freefireCodes`);
    await eventually(() => page.getByText('100 алмазов').count()).toBeGreaterThan(0);
    await settleAndShoot(page, 'admin-freefire-codes-desktop');

    await page.getByRole('link', { name: 'Create' }).click();
    await page.waitForURL(/\/admin\/freefireCodes\/create$/);
    await page.locator('input[name="name"]').fill(OFFER.name);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await eventually(() => page.getByText('Please fill in all required fields').count()).toBe(4);
    await page.locator('input[name="item_id"]').fill(OFFER.itemId);
    await page.locator('input[name="game_amount"]').fill(OFFER.amount);
    await page.locator('input[name="price"]').fill(OFFER.price);
    await page.locator('input[name="price_rub"]').fill(OFFER.priceRub);
    await settleAndShoot(page, 'admin-freefire-create-desktop');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(/\/admin\/freefireCodes$/);
    const offer = await app.db('game_denominations').where({ item_id: Number(OFFER.itemId) }).first();
    expect(offer).toMatchObject({ name: OFFER.name, price_usd: 777, price_rub: 61383, amount: 777, active: true });

    await page.goto(`${app.baseUrl}/admin/freefireCodes/${offer.legacy_id}`);
    await eventually(() => page.locator('input[name="name"]').inputValue()).toBe(OFFER.name);
    await settleAndShoot(page, 'admin-freefire-edit-desktop');

    await page.goto(`${app.baseUrl}/admin/generatedCodes`);
    await eventually(() => page.getByText('Recent generation requests').count()).toBe(1);
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await pickOption(page, dialog.getByRole('combobox', { name: 'Denomination' }), new RegExp(OFFER.name));
    await dialog.locator('input[name="count"]').fill('20');
    await dialog.getByRole('button', { name: 'Generate', exact: true }).click();
    await eventually(() => dialog.getByTestId('generation-progress').count()).toBe(1);
    await eventually(() => dialog.innerText(), 30_000).toContain('20 codes generated');
    expect(await dialog.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await dialog.getByRole('button', { name: 'Publish these codes' }).click();
    await eventually(() => notification(page, '20 codes published').count()).toBe(1);
    await settleAndShoot(page, 'admin-generate-progress-desktop');
    await dialog.getByRole('button', { name: 'Close' }).click();

    expect(await app.db('stock_codes').where({ source: 'generated' }).where({ denomination_id: offer.id, published: true }).count({ n: '*' }).then(countOf)).toBe(20);
    await page.goto(`${app.baseUrl}/admin/generatedCodes?filter=${encodeURIComponent(JSON.stringify({ denominationId: offer.legacy_id }))}`);
    await eventually(() => page.locator('tbody tr').first().innerText()).toContain(OFFER.name);
    await settleAndShoot(page, 'admin-generated-codes-desktop');

    // Hide two codes with the bulk action, then publish them again.
    const rows = page.locator('table').first().locator('tbody tr');
    await rows.nth(0).locator('input[type="checkbox"]').first().check();
    await rows.nth(1).locator('input[type="checkbox"]').first().check();
    await page.getByRole('button', { name: 'Unpublish', exact: true }).click();
    await eventually(() => notification(page, '2 codes unpublished').count()).toBe(1);
    expect(await app.db('stock_codes').where({ source: 'generated' }).where({ denomination_id: offer.id, published: false }).count({ n: '*' }).then(countOf)).toBe(2);
    await page.getByRole('button', { name: 'Publish all' }).first().click();
    await eventually(() => notification(page, '2 codes published').count()).toBe(1);

    const offers = (await (await fetch(`${app.baseUrl}/api/freefire/offers`)).json()) as Array<{ item_id: number; name: string }>;
    expect(offers.find((item) => item.item_id === Number(OFFER.itemId))?.name).toBe(OFFER.name);
    const store = await context.newPage();
    await store.goto(`${app.baseUrl}/products/freefire`);
    await eventually(() => store.getByText(OFFER.name).count()).toBeGreaterThan(0);
    await context.close();
  });

  it('bulk-loads PUBG codes and shows the denominations tab', async () => {
    const { context, page } = await openAdmin(VIEWPORTS.desktop);
    await page.goto(`${app.baseUrl}/admin/pubgCodes`);
    await eventually(() => page.locator('tbody tr').count()).toBeGreaterThan(0);
    await settleAndShoot(page, 'admin-pubg-codes-desktop');

    await page.getByRole('button', { name: 'Bulk add' }).click();
    const dialog = page.getByRole('dialog');
    await pickOption(page, dialog.getByRole('combobox', { name: 'Denomination' }), /^325 UC$/);
    await dialog.locator('textarea[name="codes"]').fill('ARENAPUBG0001\nARENAPUBG0002\nARENA PUBG BAD\n');
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await eventually(() => dialog.getByTestId('bulk-result').innerText()).toContain('2 codes added');
    expect(await dialog.getByTestId('bulk-result').innerText()).toContain('1 line rejected');
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.goto(`${app.baseUrl}/admin/pubgCodes/create`);
    await eventually(() => page.locator('input[name="code"]').count()).toBe(1);
    await settleAndShoot(page, 'admin-pubg-code-create-desktop');

    await page.goto(`${app.baseUrl}/admin/pubgCodes`);
    await page.getByRole('tab', { name: 'Denominations' }).click();
    await page.waitForURL(/\/admin\/pubgCodes\/denominations$/);
    // The codes' table (whose rows name their denominations too) stays until the denominations' replaces it.
    await eventually(() => page.getByRole('columnheader', { name: 'Available codes' }).count()).toBe(1);
    await eventually(() => page.getByText('8,100').count()).toBeGreaterThan(0);
    await settleAndShoot(page, 'admin-pubg-denominations-desktop');

    await page.locator('tbody tr').filter({ hasText: '8,100' }).getByRole('button', { name: 'Delete' }).click();
    await eventually(() => page.getByRole('dialog').innerText()).toContain('Its codes will be deleted too');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await page.locator('tbody tr').filter({ hasText: '8,100' }).getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/admin\/pubgDenominations\/\d+$/);
    await eventually(() => page.locator('input[name="ucAmount"]').inputValue()).toBe('8100');
    await settleAndShoot(page, 'admin-pubg-denomination-edit-desktop');
    await context.close();
  });
});

describe('on a phone, in Russian', () => {
  const pages: Array<[name: string, path: string, ready: string]> = [
    ['admin-products-phone', '/admin/products', 'UC для PUBG Mobile'],
    ['admin-product-create-phone', '/admin/products/create', 'Название'],
    ['admin-codes-phone', '/admin/codes', 'В продаже'],
    ['admin-code-create-phone', '/admin/codes/create', 'Код'],
    ['admin-generated-codes-phone', '/admin/generatedCodes', 'Последние запросы генерации'],
    ['admin-pubg-codes-phone', '/admin/pubgCodes', 'Номиналы'],
    ['admin-pubg-denominations-phone', '/admin/pubgCodes/denominations', '8 100 UC'],
    ['admin-freefire-codes-phone', '/admin/freefireCodes', '100 алмазов'],
    ['admin-freefire-create-phone', '/admin/freefireCodes/create', 'Алмазы'],
  ];

  it.each(pages)('%s', async (name, path, ready) => {
    const { context, page } = await openAdmin(VIEWPORTS.phone, 'ru');
    await page.goto(`${app.baseUrl}${path}`);
    await eventually(() => page.getByText(ready).count()).toBeGreaterThan(0);
    await settleAndShoot(page, name);
    await context.close();
  });

  it('edits a product', async () => {
    const { context, page } = await openAdmin(VIEWPORTS.phone, 'ru');
    const product = await app.db('products').where({ slug: PRODUCT.slug }).first();
    await page.goto(`${app.baseUrl}/admin/products/${product.id}`);
    await eventually(() => page.locator('input[name="title"]').inputValue()).toBe(PRODUCT.title);
    await settleAndShoot(page, 'admin-product-edit-phone');

    await page.goto(`${app.baseUrl}/admin/generatedCodes`);
    await page.getByRole('button', { name: 'Сгенерировать', exact: true }).click();
    await eventually(() => page.getByRole('dialog').count()).toBe(1);
    await settleAndShoot(page, 'admin-generate-phone');
    await context.close();
  });
});
