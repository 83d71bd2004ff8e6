import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminSession, DEMO_ADMIN, notification, openAdmin, settleAndShoot, WAIT, type SessionState } from './back-office';
import { launchBrowser, VIEWPORTS } from './browser';
import { startStore, type RunningStore } from './store';

/**
 * The activity log and the customer screen against the whole store: an admin retries a failed job on
 * the queue dashboard and finds the retry in the activity log; credits and debits a shopper's balance
 * and reads the balance history. On a desktop (English) and a phone (Russian).
 */
let app: RunningStore;
let browser: Browser;
let session: SessionState;
let adminToken: string;

beforeAll(async () => {
  app = await startStore();
  browser = await launchBrowser();
  session = await adminSession(browser, app.baseUrl);
  const login = await fetch(`${app.baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_ADMIN) });
  adminToken = ((await login.json()) as { token: string }).token;
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** A fulfilment job the worker cannot carry out (no such order), added through the dashboard's API; resolves once it has failed. */
async function failedJob(): Promise<string> {
  const added = await fetch(`${app.baseUrl}/api/admin/queues/api/queues/fulfilment/add`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'fulfil-order', data: { orderId: 'no-such-order' }, options: {} }),
  });
  expect(added.status).toBe(200);
  const { job } = (await added.json()) as { job: { id: string } };
  await expect
    .poll(async () => {
      const board = await fetch(`${app.baseUrl}/api/admin/queues/api/queues?activeQueue=fulfilment&status=failed&page=1`, { headers: { authorization: `Bearer ${adminToken}` } });
      const { queues } = (await board.json()) as { queues: Array<{ name: string; jobs: Array<{ id: string }> }> };
      return queues.find((queue) => queue.name === 'fulfilment')?.jobs.some((candidate) => candidate.id === job.id);
    }, WAIT)
    .toBe(true);
  return job.id;
}

/** Opens the queue dashboard as the back office does (the session cookie, then the page) on the failed fulfilment jobs. */
async function openFailedJobs(page: Page): Promise<void> {
  await page.goto(`${app.baseUrl}/api/health`);
  const status = await page.evaluate((bearer) => fetch('/api/admin/queues/session', { method: 'POST', headers: { authorization: `Bearer ${bearer}` } }).then((r) => r.status), adminToken);
  expect(status).toBe(200);
  await page.goto(`${app.baseUrl}/api/admin/queues/queue/fulfilment?status=failed`);
}

const cases = [
  { viewport: VIEWPORTS.desktop, language: 'en', name: 'desktop', retried: 'Jobs retried', queue: 'Queue: fulfilment', credited: 'The balance was credited', belowZero: /would take it below zero/ },
  { viewport: VIEWPORTS.phone, language: 'ru', name: 'phone', retried: 'Задачи перезапущены', queue: 'Очередь', credited: 'Баланс пополнен', belowZero: /увело бы его ниже нуля/ },
] as const;

describe.each(cases)('on a $name', ({ viewport, language, name, retried, queue, credited, belowZero }) => {
  it('a retry of a failed job on the queue dashboard shows in the activity log', async () => {
    await failedJob();
    const { context, page } = await openAdmin(browser, session, viewport, language);
    const retriesBefore = Number((await app.db('audit_log').where({ action: 'queue.retry' }).count({ count: '*' }).first())?.count);
    await openFailedJobs(page);
    await page.getByRole('button', { name: 'Retry all' }).click();
    // bull-board asks before acting on every job of a status.
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(async () => Number((await app.db('audit_log').where({ action: 'queue.retry' }).count({ count: '*' }).first())?.count), WAIT).toBe(retriesBefore + 1);

    await page.goto(`${app.baseUrl}/admin/audit-log`);
    await expect.poll(() => page.getByText(retried).count(), WAIT).toBeGreaterThan(0);
    await expect.poll(() => page.getByText(queue).count(), WAIT).toBeGreaterThan(0);
    if (name === 'desktop') {
      // The row unfolds what the admin asked for.
      await page.locator('tbody tr').filter({ hasText: retried }).first().click();
      await expect.poll(() => page.getByText('"failed"').or(page.getByText('failed', { exact: true })).count(), WAIT).toBeGreaterThan(0);
    }
    await settleAndShoot(page, `admin-activity-log-${name}`);
    await context.close();
  });

  it("the customer screen credits and debits a balance and shows the ledger with the running balance", async () => {
    const nickname = `ledger_${name}`;
    const register = await fetch(`${app.baseUrl}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nickname, password: 'secret-pass-1', confirmPassword: 'secret-pass-1' }),
    });
    expect(register.status).toBe(201);
    const { userId } = (await register.json()) as { userId: number };

    const { context, page } = await openAdmin(browser, session, viewport, language);
    await page.goto(`${app.baseUrl}/admin/users/${userId}`);
    await page.locator('input[name="amount"]').waitFor(WAIT);
    await page.locator('input[name="amount"]').fill('25');
    await page.locator('textarea[name="reason"]').fill('Compensation for ticket 42');
    await page.locator('form button[type="submit"]').first().click();
    await expect.poll(() => notification(page, credited).count(), WAIT).toBe(1);

    // A debit larger than the balance is refused, naming the balance, and nothing changes.
    await page.locator('input[name="amount"]').waitFor(WAIT);
    await page.locator('input[type="radio"][value="debit"]').check();
    await page.locator('input[name="amount"]').fill('30');
    await page.locator('textarea[name="reason"]').fill('Chargeback');
    await page.locator('form button[type="submit"]').first().click();
    await expect.poll(() => notification(page, belowZero).count(), WAIT).toBe(1);
    expect(Number((await app.db('balance_ledger').where({ user_id: userId }).count({ count: '*' }).first())?.count)).toBe(1);

    await page.locator('input[name="amount"]').fill('7.50');
    await page.locator('form button[type="submit"]').first().click();
    await expect
      .poll(async () => (await app.db('balance_ledger').where({ user_id: userId }).orderBy('id').pluck('balance_after')).map(Number), WAIT)
      .toEqual([2500, 1750]);
    // The history: newest first, the debit with the balance it left.
    await expect.poll(() => page.getByText('Chargeback').count(), WAIT).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('$17.50').count(), WAIT).toBeGreaterThan(0);
    await settleAndShoot(page, `admin-customer-${name}`);
    await context.close();
  });
});
