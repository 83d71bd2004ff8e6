import { generate } from 'otplib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DEMO_ADMIN, settleAndShoot, WAIT } from './back-office';
import { launchBrowser, screenshot, VIEWPORTS } from './browser';
import { startStore, type RunningStore } from './store';

/**
 * Two-factor sign-in in the back office, with ADMIN_REQUIRE_2FA=true: the demo admin's first sign-in
 * opens the enrolment and nothing else; they scan (the test reads the key), confirm with a code,
 * save the recovery codes and reach the dashboard; after logging out, signing in asks for the code.
 * The enrolment and the code step are photographed on a phone and a desktop. The storefront, where
 * admins sign in too, asks for the code as well.
 */
let app: RunningStore;
let browser: Browser;
/** The demo admin's recovery codes, as the enrolment showed them. */
let recoveryCodes: string[] = [];

beforeAll(async () => {
  app = await startStore({ ADMIN_REQUIRE_2FA: 'true' });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** Photographs the page at both sizes, ending on the desktop one. */
async function shootBothSizes(page: Page, name: string): Promise<void> {
  await page.setViewportSize(VIEWPORTS.phone);
  await settleAndShoot(page, `${name}-phone`);
  await page.setViewportSize(VIEWPORTS.desktop);
  await settleAndShoot(page, `${name}-desktop`);
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${app.baseUrl}/admin/login`);
  await page.locator('input[name="username"]').fill(DEMO_ADMIN.nickname);
  await page.locator('input[name="password"]').fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signed in, the back office opens on its first tab, Products. */
const productsOpened = (page: Page) => page.waitForURL(/\/admin\/products$/, WAIT);

it('enrols an admin at first sign-in, then asks for the code at the next one', async () => {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  await context.addInitScript(`localStorage.setItem('language', 'en');`);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));

  // First sign-in: the enrolment, and no way around it.
  await signIn(page);
  const forced = page.getByTestId('forced-enrolment');
  await forced.waitFor(WAIT);
  await expect.poll(() => page.locator('.RaSidebar-fixed, .RaMenu-open').count()).toBe(0);
  await forced.getByRole('button', { name: 'Set up' }).click();
  const secretBox = page.getByTestId('two-factor-secret');
  await secretBox.waitFor(WAIT);
  await expect.poll(() => page.locator('img[src^="data:image/png"]').count()).toBe(1);
  await shootBothSizes(page, 'admin-2fa-enrol');

  const secret = (await secretBox.innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Code').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByTestId('recovery-codes');
  await codes.waitFor(WAIT);
  expect(await codes.locator('li').count()).toBe(10);
  await shootBothSizes(page, 'admin-2fa-recovery-codes');
  const continueButton = page.getByRole('button', { name: 'Continue' });
  expect(await continueButton.isDisabled()).toBe(true);
  await page.getByLabel('I have saved them').check();
  recoveryCodes = (await codes.locator('li > span:last-child').allInnerTexts()).map((code) => code.trim());
  await continueButton.click();
  await productsOpened(page);

  // Logging out revokes the token on the server.
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.locator('input[name="username"]').waitFor(WAIT);
  await expect.poll(async () => Number((await app.db('revoked_tokens').count({ n: '*' }).first())?.n), WAIT).toBe(1);

  // Second sign-in: the password, then the code.
  await signIn(page);
  const codeStep = page.getByTestId('login-code-step');
  await codeStep.waitFor(WAIT);
  await shootBothSizes(page, 'admin-2fa-code-step');
  // The next 30-second step: inside the accepted window and newer than the code that confirmed.
  await codeStep.getByLabel('Code from the app').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await codeStep.getByRole('button', { name: 'Confirm' }).click();
  await productsOpened(page);
  await settleAndShoot(page, 'admin-2fa-signed-in-desktop');

  // The menu's page shows it on, with every recovery code left.
  await page.getByRole('menuitem', { name: 'Two-factor sign-in' }).click();
  await page.waitForURL(`${app.baseUrl}/admin/two-factor`);
  await page.getByText('10 recovery codes left', { exact: false }).waitFor(WAIT);
  await settleAndShoot(page, 'admin-2fa-page-desktop');

  expect(problems).toEqual([]);
  await context.close();
});

it('asks the enrolled admin for a code on the storefront too, where a recovery code will do', async () => {
  expect(recoveryCodes).toHaveLength(10);
  const context = await browser.newContext({ viewport: VIEWPORTS.phone });
  await context.addInitScript(`if (!localStorage.getItem('language')) localStorage.setItem('language', 'en');`);
  const page = await context.newPage();
  await page.goto(`${app.baseUrl}/login`);
  const form = page.locator('main form');
  await form.locator('input[name="nickname"]').fill(DEMO_ADMIN.nickname);
  await form.locator('input[name="password"]').fill(DEMO_ADMIN.password);
  await form.locator('input[name="remember"]').check();
  await form.locator('button[type="submit"]').click();

  const step = page.getByTestId('two-factor-step');
  await step.waitFor(WAIT);
  await step.getByRole('button', { name: 'Use a recovery code' }).click();
  await step.locator('input[name="code"]').fill('AAAAA-AAAAA');
  await step.getByRole('button', { name: 'Confirm' }).click();
  await step.getByRole('alert').filter({ hasText: 'Attempts left: 4' }).waitFor(WAIT);
  await page.waitForLoadState('networkidle');
  await screenshot(page, 'storefront-2fa-code-step-phone');

  await step.locator('input[name="code"]').fill(recoveryCodes[0]!.toLowerCase());
  await step.getByRole('button', { name: 'Confirm' }).click();
  await page.waitForURL(`${app.baseUrl}/`, WAIT);
  const used = await app.db('two_factor_recovery_codes').whereNotNull('used_at').count({ n: '*' }).first();
  expect(Number(used?.n)).toBe(1);

  // The profile offers the password change.
  await page.goto(`${app.baseUrl}/profile`);
  const change = page.getByTestId('change-password');
  await change.waitFor(WAIT);
  await page.waitForLoadState('networkidle');
  await screenshot(page, 'storefront-profile-password-phone');
  await context.close();
});
