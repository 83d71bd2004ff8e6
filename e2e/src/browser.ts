import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const SCREENSHOT_DIR = path.join(repoRoot, 'e2e/screenshots');

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

/**
 * Debian's Chromium, started the way this machine's closed network needs. Its pages speak Russian, the
 * store's default (Playwright's own default, en-US, would open the storefront in English); a test
 * reading another language asks for it with `locale` or the saved language.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`The browser tests need Chromium at ${CHROMIUM_PATH}: install it with "apt-get install -y chromium".`);
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options) => newContext({ locale: RUSSIAN_BROWSER, ...options });
  browser.newPage = (options) => newPage({ locale: RUSSIAN_BROWSER, ...options });
  return browser;
}

const RUSSIAN_BROWSER = 'ru-RU';

/** Builds both web apps from the current sources, as `npm start` does. */
export function buildWebApps(): void {
  execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'ignore' });
}

/**
 * Screenshots are for a person to look at, and no test reads them: they are saved when
 * `SCREENSHOTS=1` asks for them, since each one costs Chromium a render of the whole page and a PNG.
 */
const SAVE_SCREENSHOTS = process.env.SCREENSHOTS === '1';

/** Saves the whole page as `e2e/screenshots/<name>.png`, or only what the viewport shows (a modal, a toast over the screen). */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  if (!SAVE_SCREENSHOTS) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage });
}

/** Text that looks like an untranslated i18next key ("home.hero_title"). */
export const RAW_KEY = /\b[a-z]+(?:_[a-z]+)*\.[a-z]+(?:_[a-z]+)+\b/;

/** Once the page has settled, no untranslated key shows on it. */
export async function expectNoRawKeys(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
}
