import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectNoRawKeys, launchBrowser, screenshot, VIEWPORTS } from './browser';
import { startStore, type RunningStore } from './store';

/**
 * The storefront's commerce screens against the whole store: cart, checkout (balance and card),
 * orders with their codes, the route guard, the mobile menu, the currency switch, profile and
 * support. The demo shopper starts with $100 and 8000 ₽; the texts are checked in English.
 */
let app: RunningStore;
let browser: Browser;
/** The demo shopper's session, logged in once (the login rate limit is 10 a minute). */
let shopperState: Awaited<ReturnType<BrowserContext['storageState']>>;

type Viewport = (typeof VIEWPORTS)[keyof typeof VIEWPORTS];

beforeAll(async () => {
  app = await startStore();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** A fresh browser context in English (and, when given, the shopper's saved session). */
async function openContext(
  viewport: Viewport = VIEWPORTS.desktop,
  options: { loggedIn?: boolean; clipboard?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport,
    storageState: options.loggedIn ? shopperState : undefined,
  });
  if (options.clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.baseUrl });
  await context.addInitScript("if (!localStorage.getItem('language')) localStorage.setItem('language', 'en');");
  return { context, page: await context.newPage() };
}

async function logIn(page: Page, nickname = 'shopper', password = 'shopper12345'): Promise<void> {
  const form = page.locator('main form');
  await form.getByLabel('Nickname').fill(nickname);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

async function addToCart(page: Page, slug: string): Promise<void> {
  await page.goto(`${app.baseUrl}/products/${slug}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect.poll(() => page.getByTestId('toast').filter({ hasText: 'Added to cart' }).count()).toBe(1);
}

/** A full-page picture from the top (a fixed header is drawn where the page happens to be scrolled). */
async function snap(page: Page, name: string): Promise<void> {
  await page.evaluate('window.scrollTo(0, 0)');
  await screenshot(page, name);
}

const orderIdOf = (url: string) => Number(/\/orders\/(\d+)/.exec(url)?.[1]);

it('sends a logged-out visitor from /orders to /login and back to /orders after logging in', async () => {
  const { context, page } = await openContext();
  await page.goto(`${app.baseUrl}/orders`);
  await page.waitForURL(`${app.baseUrl}/login`);
  await logIn(page);
  await page.waitForURL(`${app.baseUrl}/orders`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('My orders');
  shopperState = await context.storageState();
  await context.close();
});

it('registers a new account, then buys a gift card from the balance and copies its revealed code', async () => {
  const { context, page } = await openContext(VIEWPORTS.desktop, { clipboard: true });

  await page.goto(`${app.baseUrl}/register`);
  const form = page.locator('main form');
  await form.getByLabel('Nickname').fill(`buyer${Date.now().toString(36)}`);
  await form.getByLabel('Password', { exact: true }).fill('newbuyer123');
  await form.getByLabel('Confirm password').fill('newbuyer123');
  await form.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(`${app.baseUrl}/`);

  // The new account has no money: log out and continue as the demo shopper.
  await page.goto(`${app.baseUrl}/profile`);
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(`${app.baseUrl}/`);
  await page.goto(`${app.baseUrl}/login`);
  await logIn(page);
  await page.waitForURL(`${app.baseUrl}/`);

  await addToCart(page, 'razer-gold');
  const headerCount = page.locator('header nav').getByTestId('cart-count');
  await expect.poll(() => headerCount.getAttribute('data-count')).toBe('1');

  await page.locator('header nav').getByRole('link', { name: /Cart/ }).click();
  await page.waitForURL(`${app.baseUrl}/cart`);
  await expect.poll(() => page.getByTestId('cart-line').count()).toBe(1);
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await page.waitForURL(`${app.baseUrl}/checkout`);

  await page.locator('label', { hasText: 'US dollar' }).click();
  await expect.poll(() => page.getByTestId('checkout-total').innerText()).toBe('$5.19');
  await page.getByRole('button', { name: 'Pay $5.19' }).click();

  // Paid: to the orders list, which refreshes itself until the workers have delivered the code.
  await page.waitForURL(`${app.baseUrl}/orders`);
  const card = page.getByTestId('order-card').first();
  await expect.poll(() => card.getByTestId('order-status').getAttribute('data-status'), { timeout: 30_000 }).toBe('completed');
  await expect.poll(() => headerCount.getAttribute('data-count')).toBe('0');

  await card.click();
  await page.waitForURL(/\/orders\/\d+$/);
  await expect.poll(() => page.getByTestId('activation-code').count()).toBe(0);
  await page.getByRole('button', { name: 'Show codes' }).click();
  const code = (await page.getByTestId('activation-code').innerText()).trim();
  expect(code).toMatch(/^DEMO-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  await page.getByRole('button', { name: 'Copy the code of Razer Gold' }).click();
  await expect.poll(() => page.evaluate('navigator.clipboard.readText()')).toBe(code);
  await expect.poll(() => page.getByTestId('toast').filter({ hasText: 'Code copied' }).count()).toBe(1);

  const [order] = await app.db('orders').where({ id: orderIdOf(page.url()) }).select('status', 'payment_method', 'currency');
  expect(order).toMatchObject({ status: 'completed', payment_method: 'balance', currency: 'usd' });
  await context.close();
});

it('pays the cart by card on the gateway page and lands on the order, which completes', async () => {
  const { context, page } = await openContext(VIEWPORTS.desktop, { loggedIn: true });
  await addToCart(page, 'apple-gift-card');
  await page.goto(`${app.baseUrl}/checkout`);
  await page.locator('label', { hasText: 'Bank card' }).click();
  await page.getByRole('button', { name: /by card$/ }).click();

  await page.waitForURL(/\/api\/payment\/sandbox\//);
  await page.getByRole('button', { name: /^Pay/ }).click();

  await page.waitForURL(/\/orders\/\d+$/);
  await expect
    .poll(() => page.getByTestId('order-status').getAttribute('data-status'), { timeout: 30_000 })
    .toBe('completed');
  await page.getByRole('button', { name: 'Show codes' }).click();
  expect(await page.getByTestId('activation-code').first().innerText()).toMatch(/^DEMO-/);
  const [order] = await app.db('orders').where({ id: orderIdOf(page.url()) }).select('status', 'payment_method');
  expect(order).toEqual({ status: 'completed', payment_method: 'card' });
  await context.close();
});

it('switches prices to dollars with the header switcher and keeps them after a reload', async () => {
  const { context, page } = await openContext(VIEWPORTS.desktop, { loggedIn: true });
  await addToCart(page, 'roblox');
  await page.goto(`${app.baseUrl}/cart`);
  const total = page.getByTestId('cart-total');
  await expect.poll(() => total.innerText()).toMatch(/^₽\d/);
  await page.locator('header').getByRole('button', { name: 'USD' }).click();
  await expect.poll(() => total.innerText()).toMatch(/^\$\d/);
  const inDollars = await total.innerText();
  await page.reload();
  await expect.poll(() => total.innerText()).toBe(inDollars);

  // Quantity changes apply at once; the stock of an option caps them.
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect.poll(() => page.getByTestId('cart-line').locator('output').innerText()).toBe('2');
  await page.getByRole('button', { name: 'Clear cart' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, clear it' }).click();
  await expect.poll(() => page.getByRole('heading', { name: 'Your cart is empty' }).count()).toBe(1);
  await context.close();
});

it('opens the mobile menu, navigates with it and closes it', async () => {
  const { context, page } = await openContext(VIEWPORTS.phone, { loggedIn: true });
  await page.goto(`${app.baseUrl}/`);
  const menu = page.locator('#mobile-menu');
  expect(await menu.isVisible()).toBe(false);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect.poll(() => menu.isVisible()).toBe(true);
  await expect.poll(() => menu.getByTestId('cart-count').getAttribute('data-count')).toMatch(/^\d+$/);
  await menu.getByRole('link', { name: 'Support' }).click();
  await page.waitForURL(`${app.baseUrl}/support`);
  await expect.poll(() => menu.isVisible()).toBe(false);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Support');
  await context.close();
});

it('sends a support message and confirms it in a dialog', async () => {
  const { context, page } = await openContext(VIEWPORTS.desktop, { loggedIn: true });
  await page.goto(`${app.baseUrl}/support`);
  const form = page.locator('main form');
  expect(await form.getByLabel('Username').inputValue()).toBe('shopper');
  await form.getByRole('button', { name: 'Send message' }).click();
  // Signed in, only the message is needed: the reply shows under "My requests", the contact is optional.
  await expect.poll(() => form.getByText('Please fill in this field').count()).toBe(1);
  await form.getByLabel('Message').fill('Where is my order 42?');
  await form.getByRole('button', { name: 'Send message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Message sent' });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  await page.keyboard.press('Escape');
  await expect.poll(() => dialog.isVisible()).toBe(false);
  const [message] = await app.db('support_messages').orderBy('id', 'desc').limit(1).select('message');
  expect(message).toEqual({ message: 'Where is my order 42?' });
  await context.close();
});

describe.each(Object.entries(VIEWPORTS))('the commerce screens on a %s', (name, viewport) => {
  it('show cart, checkout, orders, an order, profile and support without raw keys', async () => {
    const { context, page } = await openContext(viewport, { loggedIn: true });
    await addToCart(page, 'steam-gift-card');

    await page.goto(`${app.baseUrl}/cart`);
    await expect.poll(() => page.getByTestId('cart-line').count()).toBeGreaterThan(0);
    await expectNoRawKeys(page);
    await snap(page, `storefront-cart-${name}`);

    await page.goto(`${app.baseUrl}/checkout`);
    await expect.poll(() => page.getByTestId('checkout-balance').innerText()).not.toBe('…');
    await expectNoRawKeys(page);
    await snap(page, `storefront-checkout-${name}`);

    await page.goto(`${app.baseUrl}/orders`);
    await expect.poll(() => page.getByTestId('order-card').count()).toBeGreaterThan(0);
    await expectNoRawKeys(page);
    await snap(page, `storefront-orders-${name}`);

    await page.getByTestId('order-card').first().click();
    await page.waitForURL(/\/orders\/\d+$/);
    await page.getByRole('button', { name: 'Show codes' }).click();
    await expectNoRawKeys(page);
    await snap(page, `storefront-order-detail-${name}`);

    await page.goto(`${app.baseUrl}/orders/999999`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Order not found');

    await page.goto(`${app.baseUrl}/profile`);
    await expect.poll(() => page.getByRole('progressbar').count()).toBe(1);
    await expectNoRawKeys(page);
    await snap(page, `storefront-profile-${name}`);

    await page.goto(`${app.baseUrl}/support`);
    await expectNoRawKeys(page);
    await snap(page, `storefront-support-${name}`);
    await context.close();
  });
});
