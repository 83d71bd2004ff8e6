import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { RAW_KEY, screenshot, VIEWPORTS } from './browser';

/** The back office's browser helpers, shared by its browser tests. */

export type Viewport = (typeof VIEWPORTS)[keyof typeof VIEWPORTS];

/** A browser context's cookies and localStorage, to start other contexts logged in. */
export type SessionState = Awaited<ReturnType<BrowserContext['storageState']>>;

export const DEMO_ADMIN = { nickname: 'admin', password: 'admin12345' } as const;

/** How long a page may take to show what a step waits for; a cold back office takes a few seconds to load a list. */
export const WAIT = { timeout: 15_000 };

/** Logs in through the storefront's login form and waits for the home page; answers the page. */
export async function signInOnStorefront(
  context: BrowserContext,
  baseUrl: string,
  credentials: { nickname: string; password: string },
): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  const form = page.locator('main form');
  await form.locator('input[name="nickname"]').fill(credentials.nickname);
  await form.locator('input[name="password"]').fill(credentials.password);
  await form.locator('button[type="submit"]').click();
  await page.waitForURL(`${baseUrl}/`);
  return page;
}

/**
 * The demo admin's session, logged in once on the storefront (the back office shares its token
 * through localStorage; the login rate limit is 10 a minute).
 */
export async function adminSession(browser: Browser, baseUrl: string): Promise<SessionState> {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  try {
    await signInOnStorefront(context, baseUrl, DEMO_ADMIN);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** A fresh context with the admin's session, the back office in `language`. */
export async function openAdmin(
  browser: Browser,
  session: SessionState,
  viewport: Viewport,
  language: 'en' | 'ru' = 'en',
): Promise<{ context: BrowserContext; page: Page }> {
  // The queue dashboard (bull-board) follows the browser's language: an English browser, as its journeys read it.
  const context = await browser.newContext({ viewport, storageState: session, locale: 'en-US' });
  await context.addInitScript(`localStorage.setItem('language', '${language}');`);
  return { context, page: await context.newPage() };
}

/** Waits for the page to settle, checks no raw translation key shows, and photographs it. */
export async function settleAndShoot(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect
    .poll(() => page.locator('.MuiLinearProgress-indeterminate, .MuiCircularProgress-indeterminate, .MuiSkeleton-root').count(), WAIT)
    .toBe(0);
  expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
  await screenshot(page, name);
}

/** The back office's notification carrying `text`. */
export const notification = (page: Page, text: string | RegExp) => page.locator('.MuiSnackbar-root').filter({ hasText: text });
