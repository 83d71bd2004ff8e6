import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { adminSession, openAdmin, settleAndShoot, type SessionState } from './back-office';
import { expectNoRawKeys, launchBrowser, screenshot, VIEWPORTS } from './browser';
import { startStore, type RunningStore } from './store';

/**
 * Game top-ups paid through the payment gateway: a new shopper with an empty balance buys PUBG UC by
 * card and by SBP on the sandbox gateway's pages and sees each order completed on its receipt; the
 * back office shows the payment with its gateway events and refunds one back to the card; a declined
 * card payment cancels a cart order and puts its lines back in the cart. A gateway
 * that charges in rubles (mocked methods) shows the amount charged and asks for a receipt email, and a
 * double click or a "still processing" answer reuses the attempt's Idempotency-Key.
 */

/** The sandbox game knows a player id of 6 to 12 digits unless it ends in 0; its nickname is Player + the last 4 digits. */
const PLAYER_ID = '51234567';
const PLAYER_NAME = 'Player4567';
const PASSWORD = 'cardbuyer123';
const ORDER_TIMEOUT_MS = 30_000;
const FLOW_TIMEOUT_MS = 150_000;

/** expect.poll with room for a busy machine. */
const eventually = <T>(read: () => T | Promise<T>, timeout = 30_000) => expect.poll(read, { timeout, interval: 100 });

let app: RunningStore;
let browser: Browser;
/** The new shopper's session once registered (the register and login rate limits are tight). */
let shopper: { nickname: string; state: SessionState } | undefined;
/** Orders the card and SBP tests placed, for the back-office test. */
const placed: { card?: number; sbp?: number } = {};

beforeAll(async () => {
  app = await startStore();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** A browser context in English with `currency` preferred (seeded once: a later login or change stays). */
async function openContext(currency: 'USD' | 'RUB', state?: SessionState): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, storageState: state });
  await context.addInitScript(`
    if (!sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('language', 'en');
      localStorage.setItem('currency', '${currency}');
    }
  `);
  return context;
}

/** A full-page picture from the top at each viewport (the header is fixed), without passing notifications, back at the desktop size after. */
async function snapBoth(page: Page, name: string): Promise<void> {
  for (const close of await page.getByTestId('toast').getByRole('button', { name: 'Dismiss notification' }).all()) {
    await close.click();
  }
  await eventually(() => page.getByTestId('toast').count()).toBe(0);
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await page.evaluate('window.scrollTo(0, 0)');
    // Let the layout settle at the new width.
    await page.waitForTimeout(150);
    await screenshot(page, `${name}-${size}`);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

/** From the PUBG page: a quick pick, the player found, then to checkout. */
async function pubgToCheckout(page: Page, quickPick: '385 UC' | '720 UC'): Promise<void> {
  await page.goto(`${app.baseUrl}/products/pubg`);
  await eventually(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('PUBG Mobile');
  await page.getByRole('button', { name: quickPick, exact: true }).click();
  await page.getByLabel('Player ID').fill(PLAYER_ID);
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await eventually(() => page.getByTestId('verified-player').textContent()).toContain(PLAYER_NAME);
  await page.getByRole('button', { name: 'Top up now' }).click();
  await page.waitForURL(/\/checkout$/);
  await eventually(() => page.getByTestId('checkout-total').textContent()).toMatch(/\d/);
  await eventually(() => page.getByTestId('checkout-balance').textContent()).not.toBe('…');
}

/** On the receipt: the page polls by itself until the workers have delivered the top-up. */
async function waitForCompleted(page: Page): Promise<number> {
  await page.waitForURL(/\/orders\/\d+$/);
  await expect
    .poll(() => page.getByTestId('order-status').getAttribute('data-status'), { timeout: ORDER_TIMEOUT_MS, interval: 250 })
    .toBe('completed');
  return Number(/\/orders\/(\d+)$/.exec(page.url())?.[1]);
}

describe('a PUBG top-up paid through the gateway', () => {
  it('a new shopper with an empty balance registers and pays by card on the gateway page', async () => {
    const context = await openContext('USD');
    const page = await context.newPage();

    await page.goto(`${app.baseUrl}/register`);
    const nickname = `card${Date.now().toString(36)}`;
    const form = page.locator('main form');
    await form.getByLabel('Nickname').fill(nickname);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByLabel('Confirm password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${app.baseUrl}/`);
    shopper = { nickname, state: await context.storageState() };

    await pubgToCheckout(page, '720 UC');
    // The demo promotion takes 10 % off each package: $10.98 of packages for $9.88.
    expect(await page.getByTestId('checkout-total').locator('s').textContent()).toBe('$10.98');
    expect(await page.getByTestId('checkout-total').getByTestId('sale-price').textContent()).toBe('$9.88');
    expect(await page.getByTestId('checkout-balance').textContent()).toBe('$0.00');
    // The sandbox gateway takes cards and SBP, for top-ups too: no "cart orders only", no "coming soon".
    await eventually(() => page.getByTestId('method-card').getAttribute('data-state')).toBe('available');
    expect(await page.getByTestId('method-sbp').getAttribute('data-state')).toBe('available');
    expect(await page.locator('main').innerText()).not.toMatch(/Coming soon|cart orders only/i);
    // The balance cannot pay it: checkout starts with the card, ready to pay.
    const pay = page.getByTestId('checkout-pay');
    await eventually(() => pay.textContent()).toBe('Pay $9.88 by card');
    // The balance, chosen, says what it lacks and points to the card.
    await page.locator('label', { hasText: 'Store balance' }).click();
    expect(await page.locator('main').innerText()).toContain('You need $9.88 but have $0.00. Top up your balance or pay by card.');
    await page.locator('label', { hasText: 'Bank card' }).click();
    await eventually(() => pay.textContent()).toBe('Pay $9.88 by card');
    // The gateway charges the order's own currency: nothing else to announce.
    expect(await page.getByTestId('checkout-charged').count()).toBe(0);
    await expectNoRawKeys(page);
    await snapBoth(page, 'storefront-card-checkout');

    const creates: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/payment/create')) creates.push(request);
    });
    // A double click pays once.
    await pay.dblclick();
    await page.waitForURL(/\/api\/payment\/sandbox\//);
    expect(creates).toHaveLength(1);
    expect(creates[0]!.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(creates[0]!.postDataJSON()).toMatchObject({ type: 'topup', currency: 'usd', method: 'card', topupData: { service: 'pubg', player_id: PLAYER_ID } });
    expect(await page.locator('body').innerText()).toContain('$9.88');
    await page.getByRole('button', { name: /^Pay/ }).click();

    const orderId = await waitForCompleted(page);
    placed.card = orderId;
    const payment = page.getByTestId('order-payment');
    expect(await payment.textContent()).toBe('Paid by card');
    expect(await payment.getAttribute('data-method')).toBe('card');
    expect(await page.getByTestId('order-total').textContent()).toBe('$9.88');
    // Charged exactly the total: no separate line.
    expect(await page.getByTestId('order-charged').count()).toBe(0);
    await expectNoRawKeys(page);
    await snapBoth(page, 'storefront-card-receipt');

    const order = await app.db('orders').where({ id: orderId }).first('status', 'payment_method', 'kind', 'currency');
    expect(order).toMatchObject({ status: 'completed', payment_method: 'card', currency: 'usd' });
    const payments = await app.db('payments').where({ order_id: orderId }).select('status', 'method', 'amount', 'currency');
    expect(payments).toEqual([{ status: 'paid', method: 'card', amount: 988, currency: 'usd' }]);
    await context.close();
  }, FLOW_TIMEOUT_MS);

  it('the same shopper pays another top-up in rubles by SBP, confirming on the gateway page', async () => {
    expect(shopper).toBeDefined();
    const context = await openContext('RUB', shopper!.state);
    const page = await context.newPage();
    await pubgToCheckout(page, '385 UC');
    const total = (await page.getByTestId('checkout-total').getByTestId('sale-price').textContent())!;
    // Roubles in the English store's format.
    expect(total).toMatch(/^₽\d/);

    await page.locator('label', { hasText: 'Quick payment (SBP)' }).click();
    const pay = page.getByTestId('checkout-pay');
    await eventually(() => pay.textContent()).toBe(`Pay ${total} by SBP`);
    await pay.click();
    await page.waitForURL(/\/api\/payment\/sandbox\//);
    expect(await page.locator('body').innerText()).toContain('Scan the code');
    await page.getByRole('button', { name: 'Confirm in the bank app' }).click();

    const orderId = await waitForCompleted(page);
    placed.sbp = orderId;
    expect(await page.getByTestId('order-payment').textContent()).toBe('Paid by SBP');
    expect(await page.getByTestId('order-total').textContent()).toBe(total);
    await expectNoRawKeys(page);
    const payments = await app.db('payments').where({ order_id: orderId }).select('status', 'method', 'currency');
    expect(payments).toEqual([{ status: 'paid', method: 'sbp', currency: 'rub' }]);
    expect(await app.db('orders').where({ id: orderId }).first('payment_method')).toEqual({ payment_method: 'sbp' });
    await context.close();
  }, FLOW_TIMEOUT_MS);

  it('the back office shows the payment with its events and refunds the order to the card; the receipt lists it', async () => {
    expect(placed.sbp).toBeDefined();
    const session = await adminSession(browser, app.baseUrl);
    const { context, page } = await openAdmin(browser, session, VIEWPORTS.desktop);
    await page.goto(`${app.baseUrl}/admin/orders/${placed.sbp}/show`);
    const paymentBox = page.getByTestId('order-payment');
    await eventually(() => paymentBox.innerText(), 15_000).toContain('SBP');
    expect(await paymentBox.innerText()).toContain('sandbox');
    expect(await paymentBox.innerText()).toContain('Paid');
    await eventually(() => page.getByTestId('order-payment-events').locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('order-payment-events').innerText()).toContain('payment.succeeded');
    await settleAndShoot(page, 'admin-order-payment-desktop');

    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog');
    const toCard = dialog.getByRole('radio', { name: /Back the way it was paid/ });
    expect(await toCard.isChecked()).toBe(true);
    expect(await toCard.isDisabled()).toBe(false);
    await settleAndShoot(page, 'admin-order-refund-dialog-desktop');
    await dialog.getByLabel('Note (optional)').fill('Asked for the money back');
    await dialog.getByRole('button', { name: /^Refund/ }).click();
    await eventually(() => page.locator('.MuiSnackbar-root').filter({ hasText: 'refunded to' }).count(), 15_000).toBe(1);
    await eventually(() => page.getByTestId('order-refunds').innerText(), 15_000).toContain('Card');
    const refunds = await app.db('payment_refunds').where({ order_id: placed.sbp }).select('status', 'currency');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ currency: 'rub' });
    await page.setViewportSize(VIEWPORTS.phone);
    await settleAndShoot(page, 'admin-order-payment-phone');

    // Where a failed card top-up is refunded automatically: a setting beside the rates.
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto(`${app.baseUrl}/admin/currencyRates`);
    const toCardSetting = page.getByRole('radio', { name: 'Back to the card (through the gateway)' });
    await eventually(() => toCardSetting.count(), 15_000).toBe(1);
    expect(await page.getByRole('radio', { name: 'To the buyer’s balance (at once)' }).isChecked()).toBe(true);
    await toCardSetting.check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await eventually(() => page.locator('.MuiSnackbar-root').filter({ hasText: 'Currency settings saved' }).count(), 15_000).toBe(1);
    expect(await app.db('currency_settings').first('failed_card_topup_refund_to')).toEqual({ failed_card_topup_refund_to: 'card' });
    await settleAndShoot(page, 'admin-currency-settings-desktop');
    await page.setViewportSize(VIEWPORTS.phone);
    await settleAndShoot(page, 'admin-currency-settings-phone');
    await context.close();

    // The shopper's receipt: failed, refunded to the card, with a way back to the game.
    const shopperContext = await openContext('RUB', shopper!.state);
    const receipt = await shopperContext.newPage();
    await receipt.goto(`${app.baseUrl}/orders/${placed.sbp}`);
    await eventually(() => receipt.getByTestId('order-status').getAttribute('data-status')).toBe('failed');
    const refund = receipt.getByTestId('order-refund').first();
    await eventually(() => refund.getAttribute('data-destination')).toBe('card');
    expect(await refund.innerText()).toContain('To the card');
    // The gateway returns it at once in the sandbox: the payment reads refunded.
    await eventually(() => refund.getAttribute('data-state'), 15_000).toBe('done');
    await receipt.reload();
    await eventually(() => receipt.getByTestId('order-payment').textContent()).toBe('Paid by SBP, refunded in full');
    expect(await receipt.getByTestId('order-retry').getAttribute('href')).toBe('/products/pubg');
    await expectNoRawKeys(receipt);
    await snapBoth(receipt, 'storefront-refunded-receipt');
    await shopperContext.close();
  }, FLOW_TIMEOUT_MS);
});

describe('a declined card payment', () => {
  it('cancels the cart order, says so on the receipt and puts the items back in the cart', async () => {
    expect(shopper).toBeDefined();
    const context = await openContext('USD', shopper!.state);
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/products/razer-gold`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await eventually(() => page.getByTestId('toast').filter({ hasText: 'Added to cart' }).count()).toBe(1);
    await page.goto(`${app.baseUrl}/checkout`);
    await eventually(() => page.getByTestId('method-card').getAttribute('data-state')).toBe('available');
    await page.locator('label', { hasText: 'Bank card' }).click();
    await page.getByTestId('checkout-pay').click();
    await page.waitForURL(/\/api\/payment\/sandbox\//);
    await page.getByRole('button', { name: 'Decline' }).click();

    await page.waitForURL(/\/orders\/\d+$/);
    await expect
      .poll(() => page.getByTestId('order-status').getAttribute('data-status'), { timeout: ORDER_TIMEOUT_MS, interval: 250 })
      .toBe('cancelled');
    const failure = page.getByTestId('order-failure');
    expect(await failure.getAttribute('data-kind')).toBe('declined');
    expect(await failure.innerText()).toContain('The payment was declined');
    await eventually(() => page.getByTestId('order-returned-to-cart').count()).toBe(1);
    expect(await page.getByTestId('order-payment').textContent()).toBe('Card payment declined');
    await expectNoRawKeys(page);
    await snapBoth(page, 'storefront-declined-receipt');

    await failure.getByRole('link', { name: 'Go to cart' }).click();
    await page.waitForURL(/\/cart$/);
    await eventually(() => page.getByTestId('cart-line').count()).toBe(1);
    await context.close();
  }, FLOW_TIMEOUT_MS);
});

describe('a gateway that charges in rubles', () => {
  it('shows the amount charged, asks for a receipt email and keeps one Idempotency-Key per attempt', async () => {
    expect(shopper).toBeDefined();
    const context = await openContext('USD', shopper!.state);
    const page = await context.newPage();
    // What GET /payment/methods answers with YooKassa: everything charged in rubles, with a fiscal receipt.
    await page.route('**/api/payment/methods', (route) =>
      route.fulfill({
        json: {
          methods: ['balance', 'card', 'sbp'],
          provider: 'yookassa',
          charge_currency: 'rub',
          rate_usd_rub: '79.5',
          rate_usd_uzs: null,
          receipt_email_required: true,
          refunds_to_card: true,
          gateways: [{ provider: 'yookassa', methods: ['card', 'sbp'], currencies: ['usd', 'rub'], charge_currency: 'rub', receipt_email_required: true, refunds_to_card: true }],
        },
      }),
    );
    // The create call answers "still processing", to see the retry reuse the key and the calm message.
    const creates: Array<{ key: string | undefined; body: Record<string, unknown> }> = [];
    await page.route('**/api/payment/create', (route) => {
      creates.push({ key: route.request().headers()['idempotency-key'], body: route.request().postDataJSON() });
      return route.fulfill({
        status: 409,
        json: { error: { code: 'IDEMPOTENCY_KEY_IN_USE', message: 'A request with this Idempotency-Key is still being processed.' } },
      });
    });

    await pubgToCheckout(page, '720 UC');
    await page.locator('label', { hasText: 'Bank card' }).click();
    // $9.88 (the packages' $10.98 less the demo promotion's 10 %) x 79.5 = 785.46 ₽, in the English store's format.
    await eventually(() => page.getByTestId('checkout-charged').innerText()).toContain('You will be charged ₽785.46');
    expect(await page.getByTestId('checkout-pay').textContent()).toBe('Pay ₽785.46 by card');
    const email = page.getByLabel('Email for the receipt');
    expect(await email.isVisible()).toBe(true);

    // No email yet: asked for, nothing sent.
    await page.getByTestId('checkout-pay').click();
    await eventually(() => page.locator('main').innerText()).toContain('Enter a valid email address');
    expect(creates).toHaveLength(0);
    await expectNoRawKeys(page);
    await snapBoth(page, 'storefront-rub-gateway-email');
    await email.fill('buyer@example.com');
    await snapBoth(page, 'storefront-rub-gateway-checkout');

    await page.getByTestId('checkout-pay').dblclick();
    // The double click sent one request; the "still processing" answer is retried once, with the same key.
    await eventually(() => creates.length).toBe(1);
    await eventually(() => page.getByTestId('checkout-error').innerText(), 15_000).toContain('still being processed');
    expect(creates).toHaveLength(2);
    expect(creates[1]!.key).toBe(creates[0]!.key);
    expect(creates[0]!.body).toMatchObject({ type: 'topup', currency: 'usd', method: 'card', email: 'buyer@example.com' });
    expect(await page.getByTestId('checkout-error').getAttribute('role')).toBe('status');
    await snapBoth(page, 'storefront-checkout-still-processing');

    // Trying again is the same attempt: the same key.
    await page.getByTestId('checkout-pay').click();
    await eventually(() => creates.length, 15_000).toBe(4);
    expect(new Set(creates.map((create) => create.key)).size).toBe(1);
    // Another method is another attempt: a new key.
    await page.locator('label', { hasText: 'Quick payment (SBP)' }).click();
    await page.getByTestId('checkout-pay').click();
    await eventually(() => creates.length, 15_000).toBe(6);
    expect(creates[4]!.key).not.toBe(creates[0]!.key);
    expect(creates[4]!.body).toMatchObject({ method: 'sbp' });
    await context.close();
  }, FLOW_TIMEOUT_MS);
});
