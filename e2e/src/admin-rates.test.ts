import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { adminSession, notification, openAdmin as openAdminFor, settleAndShoot, WAIT, type SessionState } from './back-office';
import { launchBrowser, VIEWPORTS } from './browser';
import { startStore, type RunningStore } from './store';

/**
 * Exchange rates with guard rails against the whole store: an admin types 7900 for USD→RUB (79),
 * the back office asks to confirm the change naming old → new and the percentage, saves it once
 * confirmed, and the dashboard's last rate update shows it. On a desktop in English and a phone in
 * Russian; the rates, thresholds and dashboard screens are photographed.
 */
let app: RunningStore;
let browser: Browser;
let adminState: SessionState;
let usdRubRateId: number;

beforeAll(async () => {
  app = await startStore();
  browser = await launchBrowser();
  adminState = await adminSession(browser, app.baseUrl);
  usdRubRateId = (await app.db('currency_rates').where({ from_currency: 'usd', to_currency: 'rub' }).first()).id;
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const PASSES = [
  {
    name: 'desktop',
    viewport: VIEWPORTS.desktop,
    language: 'en' as const,
    texts: {
      dialog: 'Change the rate by +9,900 %?',
      change: 'USD → RUB: 79.00 → 7,900.00',
      listRate: '7,900.00',
      save: 'Save',
      confirm: 'Save the rate',
      inverse: '0.0126582',
      card: 'Last rate update',
      thresholds: 'Everything without a threshold of its own',
    },
  },
  {
    name: 'phone',
    viewport: VIEWPORTS.phone,
    language: 'ru' as const,
    texts: {
      dialog: 'Изменить курс на +9\u00a0900 %?',
      change: 'USD → RUB: 79,00 → 7\u00a0900,00',
      listRate: '7\u00a0900,00',
      save: 'Сохранить',
      confirm: 'Сохранить курс',
      inverse: '0,0126582',
      card: 'Последнее обновление курсов',
      thresholds: 'Всё, у чего нет своего порога',
    },
  },
];

describe.each(PASSES)('on a $name', ({ name, viewport, language, texts }) => {
  it('a large rate edit asks to confirm, and the dashboard shows the change as the last rate update', async () => {
    await app.db('currency_rates').where({ id: usdRubRateId }).update({ rate: '79' });
    const { context, page } = await openAdminFor(browser, adminState, viewport, language);

    await page.goto(`${app.baseUrl}/admin/currencyRates/${usdRubRateId}`);
    await expect.poll(() => page.locator('input[name="rate"]').inputValue(), WAIT).toBe('79.000000');
    // The inverse reads in the admin's language, read-only.
    await expect.poll(() => page.getByText(texts.inverse).count(), WAIT).toBe(1);
    await settleAndShoot(page, `admin-rate-edit-${name}`);

    await page.locator('input[name="rate"]').fill('7900');
    await page.getByRole('button', { name: texts.save, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText(texts.dialog).count(), WAIT).toBe(1);
    expect(await dialog.innerText()).toContain(texts.change.replace('USD → RUB: ', ''));
    // Nothing is saved before the admin confirms.
    expect((await app.db('currency_rates').where({ id: usdRubRateId }).first()).rate).toBe('79.000000');
    await settleAndShoot(page, `admin-rate-confirm-${name}`);

    await dialog.getByRole('button', { name: texts.confirm }).click();
    await page.waitForURL(/\/admin\/currencyRates$/);
    await expect.poll(async () => (await app.db('currency_rates').where({ id: usdRubRateId }).first()).rate, WAIT).toBe('7900.000000');
    await expect.poll(() => notification(page, /./).count(), WAIT).toBeGreaterThan(0);
    // The list, in the admin's number format, with the inverse and both times.
    await expect.poll(() => page.locator('input[name="rate"]').count(), WAIT).toBe(0);
    await expect.poll(() => page.getByText(texts.listRate).count(), WAIT).toBeGreaterThan(0);
    await expect.poll(() => page.locator('input[name="steamCommissionPercent"]').count(), WAIT).toBe(1);
    await settleAndShoot(page, `admin-rates-${name}`);

    await page.goto(`${app.baseUrl}/admin/dashboard`);
    const card = page.getByTestId('last-rate-update');
    await expect.poll(() => page.getByText(texts.card).count(), WAIT).toBe(1);
    await expect.poll(() => card.getByText(texts.change).count(), WAIT).toBe(1);
    expect(await card.innerText()).toContain('admin');
    await settleAndShoot(page, `admin-dashboard-rates-${name}`);

    await page.goto(`${app.baseUrl}/admin/stockThresholds`);
    await expect.poll(() => page.getByText(texts.thresholds).count(), WAIT).toBe(1);
    await settleAndShoot(page, `admin-stock-thresholds-${name}`);
    await page.goto(`${app.baseUrl}/admin/stockThresholds/create`);
    await expect.poll(() => page.locator('input[name="threshold"]').count(), WAIT).toBe(1);
    await settleAndShoot(page, `admin-stock-threshold-create-${name}`);
    await context.close();
  });
});
