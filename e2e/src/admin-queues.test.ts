import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { QUEUES } from '@topup/common';
import { launchBrowser, screenshot, VIEWPORTS } from './browser';
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

it('shows the queue dashboard to an admin, under the store\'s content security policy', async () => {
  const login = await fetch(`${app.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ nickname: 'admin', password: 'admin12345' }),
  });
  const { token } = (await login.json()) as { token: string };

  const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
  const problems: string[] = [];
  page.on('console', (message) => {
    // A failed request is reported below with its address; the console's line for it names none.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  page.on('pageerror', (error) => problems.push(error.message));

  // As the back office does: trade the token for the dashboard's cookie (from a page of the store's
  // origin), then open the dashboard as a page.
  await page.goto(`${app.baseUrl}/api/health`);
  const session = await page.evaluate(
    (bearer) => fetch('/api/admin/queues/session', { method: 'POST', headers: { authorization: `Bearer ${bearer}` } }).then((r) => r.status),
    token,
  );
  expect(session).toBe(200);
  problems.length = 0;

  const response = await page.goto(`${app.baseUrl}/api/admin/queues`);
  expect(response?.status()).toBe(200);
  for (const queue of Object.values(QUEUES)) {
    await expect.poll(() => page.getByText(queue, { exact: true }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
  }
  await page.waitForLoadState('networkidle');
  await screenshot(page, 'admin-queues-desktop');
  // Nothing the page needs was blocked: no script error, no refused script or style of its own.
  // bull-board's link to Google Fonts is refused on purpose (no third-party origins): it falls back
  // to the system fonts.
  expect(problems.filter((problem) => !problem.includes('fonts.googleapis.com'))).toEqual([]);
  await page.close();
});

it('answers a browser without a session with a plain 401', async () => {
  const page = await browser.newPage({ viewport: VIEWPORTS.desktop });
  const response = await page.goto(`${app.baseUrl}/api/admin/queues`);
  expect(response?.status()).toBe(401);
  expect(await page.locator('body').innerText()).toBe('Open the queue dashboard from the back office');
  await page.close();
});
