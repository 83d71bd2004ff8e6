import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startSeagmStandIn, type SeagmStandIn } from '@topup/api/testing';
import { adminSession, openAdmin, settleAndShoot, WAIT, type SessionState } from './back-office';
import { launchBrowser, VIEWPORTS } from './browser';
import { startStore, type RunningStore } from './store';

/**
 * The dashboard's Suppliers card and the Margins screen of a store set up for SEAGM (its stand-in), on a phone
 * and a desktop: SEAGM's balance read under its threshold and marked low, and the margin report with its CSV.
 */
let seagm: SeagmStandIn;
let app: RunningStore;
let browser: Browser;
let adminState: SessionState;

beforeAll(async () => {
  seagm = await startSeagmStandIn({ uid: '10000', secret: 'margins-screen-secret', categories: [], types: [], credits: 84.2 });
  app = await startStore({ SEAGM_API_URL: seagm.url, SEAGM_UID: '10000', SEAGM_SECRET: 'margins-screen-secret' });
  // SEAGM's balance as the workers' reading keeps it, under the threshold an admin set.
  await app.db('suppliers').where({ kind: 'seagm' }).update({ balance: 8_420, balance_currency: 'USD', balance_checked_at: app.db.fn.now(), low_balance_threshold: 10_000 });
  browser = await launchBrowser();
  adminState = await adminSession(browser, app.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  await seagm?.close();
});

for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  it(`shows the suppliers' balances on the dashboard, SEAGM's marked low, on a ${device}`, async () => {
    const { context, page } = await openAdmin(browser, adminState, viewport);
    await page.goto(`${app.baseUrl}/admin/dashboard`);
    const card = page.getByRole('list', { name: 'Suppliers' });
    await expect.poll(() => card.getByText('SEAGM').count(), WAIT).toBe(1);
    expect(await card.innerText()).toMatch(/\$84\.20[\s\S]*Low balance/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await settleAndShoot(page, `admin-dashboard-suppliers-${device}`);
    await context.close();
  });

  it(`opens the margin report for the days chosen and downloads it as CSV, on a ${device}`, async () => {
    const { context, page } = await openAdmin(browser, adminState, viewport);
    await page.goto(`${app.baseUrl}/admin/reports/margins`);
    await expect.poll(() => page.getByText('No top-up was completed in these days.').count(), WAIT).toBe(1);
    await page.getByLabel('From').fill('2026-01-01');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^margins-2026-01-01-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await settleAndShoot(page, `admin-margins-${device}`);
    await context.close();
  });
}
