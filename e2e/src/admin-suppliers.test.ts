import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startSeagmStandIn, type SeagmStandIn } from '@topup/api/testing';
import { adminSession, notification, openAdmin, settleAndShoot, WAIT, type SessionState } from './back-office';
import { launchBrowser, VIEWPORTS } from './browser';
import { startStore, type RunningStore } from './store';

/**
 * The Suppliers screen of a store set up for SEAGM (its stand-in), on a phone and a desktop: both suppliers
 * with their state, and on the desktop a catalogue sync that the workers carry out, its products then listed.
 */
let seagm: SeagmStandIn;
let app: RunningStore;
let browser: Browser;
let adminState: SessionState;

beforeAll(async () => {
  seagm = await startSeagmStandIn({
    uid: '10000',
    secret: 'suppliers-screen-secret',
    categories: [{ id: 1, name: 'PUBG Mobile' }],
    types: [
      { id: 101, categoryId: 1, name: '60 UC', unitPrice: 0.86, currency: 'USD', fields: [{ name: 'user_id', label: 'User ID' }] },
      { id: 102, categoryId: 1, name: '325 UC', unitPrice: 4.3, currency: 'USD', fields: [{ name: 'user_id', label: 'User ID' }] },
    ],
    credits: 1000,
  });
  app = await startStore({ SEAGM_API_URL: seagm.url, SEAGM_UID: '10000', SEAGM_SECRET: 'suppliers-screen-secret' });
  browser = await launchBrowser();
  adminState = await adminSession(browser, app.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await seagm?.close();
});

it('lists the suppliers on a phone', async () => {
  const { context, page } = await openAdmin(browser, adminState, VIEWPORTS.phone);
  await page.goto(`${app.baseUrl}/admin/suppliers`);
  await expect.poll(() => page.getByText('SEAGM').count(), WAIT).toBeGreaterThan(0);
  await expect.poll(() => page.getByText('Sandbox').count(), WAIT).toBeGreaterThan(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.phone.width);
  await settleAndShoot(page, 'admin-suppliers-phone');
  await context.close();
});

it("syncs SEAGM's catalogue from the desktop and lists its products", async () => {
  const { context, page } = await openAdmin(browser, adminState, VIEWPORTS.desktop);
  await page.goto(`${app.baseUrl}/admin/suppliers`);
  const row = page.locator('tbody tr').filter({ hasText: 'SEAGM' });
  await expect.poll(() => row.count(), WAIT).toBe(1);
  expect(await row.innerText()).toMatch(/Active/);
  await settleAndShoot(page, 'admin-suppliers-desktop');

  await row.click();
  await page.getByRole('button', { name: 'Sync catalogue' }).click();
  await expect.poll(() => notification(page, /The catalogue of SEAGM is being imported/).count(), WAIT).toBe(1);
  await settleAndShoot(page, 'admin-supplier-edit-desktop');

  // The workers import it in the background: once its two products are in, the list shows them.
  await expect
    .poll(async () => Number((await app.db('supplier_products').count({ n: '*' }).first())?.n), { timeout: 90_000, interval: 250, message: `the catalogue was not imported:\n${app.output()}` })
    .toBe(2);
  await page.goto(`${app.baseUrl}/admin/supplierProducts`);
  await expect.poll(() => page.locator('tbody tr').filter({ hasText: 'PUBG Mobile' }).count(), WAIT).toBe(2);
  // PUBG's products land under PUBG (by its slug: the demo store titles it "UC для PUBG Mobile").
  expect(await page.locator('tbody tr').filter({ hasText: '60 UC' }).innerText()).toMatch(/pubg[\s\S]*\$0\.86/);
  await settleAndShoot(page, 'admin-supplier-products-desktop');
  await context.close();
});
