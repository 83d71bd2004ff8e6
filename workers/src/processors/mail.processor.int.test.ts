import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger, deliverMail, loadConfig, createMailTransport } from '@topup/api';
import { createFixtures, deleteRedisKeys, startTestApp, startTestSmtpServer, type TestApp, type TestSmtpServer, type TestUser } from '@topup/api/testing';
import { startWorkers, type RunningWorkers } from '../index';

const PUBLIC_URL = 'https://shop.test';
const FROM = 'Top-up store <store@shop.test>';
const FORGOT_LIMIT = 5;

let app: TestApp;
let workers: RunningWorkers;
let smtp: TestSmtpServer;
let mailbox = 0;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  const defaults = loadConfig({ NODE_ENV: 'test' });
  app = await startTestApp({
    publicUrl: PUBLIC_URL,
    mail: { smtpUrl: smtp.url, from: FROM },
    rateLimits: { ...defaults.rateLimits, register: { points: 100, durationSeconds: 600 }, passwordForgot: { points: FORGOT_LIMIT, durationSeconds: 600 } },
  });
  workers = await startWorkers(app.config, createLogger('silent', 'mail-test'));
});

afterAll(async () => {
  await workers?.close();
  await app?.close();
  await smtp?.close();
});

const newAddress = () => `Shopper.${++mailbox}.${Date.now()}@Mail.Test`;
const normalised = (address: string) => address.replace(/@.*$/, (domain) => domain.toLowerCase());

/** The one mail to `address`, once it has arrived. */
async function mailTo(address: string, count = 1): Promise<ParsedMail> {
  return vi.waitFor(
    () => {
      const mails = smtp.mailsTo(address);
      expect(mails).toHaveLength(count);
      return mails[count - 1]!;
    },
    { timeout: 15_000, interval: 50 },
  );
}

const linkIn = (mail: ParsedMail, path: string) => {
  const token = new RegExp(`${PUBLIC_URL}${path.replace('?', '\\?')}\\?token=([\\w-]+)`).exec(mail.text ?? '')?.[1];
  if (!token) throw new Error(`No ${path} link in: ${mail.text}`);
  expect(mail.html).toContain(`${PUBLIC_URL}${path}?token=${token}`);
  return token;
};

/** A shopper whose address is verified through its mailed link, in `language`. */
async function verifiedShopper(language: 'ru' | 'en' | 'uz'): Promise<TestUser & { email: string }> {
  const user = await app.createUser();
  const email = normalised(newAddress());
  const set = await app.request('PUT', '/api/profile/email', { token: user.token, body: { email }, headers: { 'accept-language': language } });
  expect(set.body).toEqual({ email, emailVerified: false });
  const token = linkIn(await mailTo(email), '/email/verify');
  expect((await app.request('POST', '/api/email/verify', { body: { token } })).status).toBe(200);
  return { ...user, email };
}

describe('the account address', () => {
  it('is given at registration, normalised, and verified once by the link mailed in the language of the registration', async () => {
    const typed = `  ${newAddress()} `;
    const email = normalised(typed.trim());
    const registered = await app.request('POST', '/api/register', {
      body: { nickname: `reg_${mailbox}_${Date.now() % 100000}`, password: 'secret-pass-1', confirmPassword: 'secret-pass-1', email: typed },
      headers: { 'accept-language': 'uz' },
    });
    expect(registered.status).toBe(201);
    expect((await app.request('GET', '/api/profile', { token: registered.body.token })).body).toMatchObject({ email, emailVerified: false });

    const mail = await mailTo(email);
    expect(mail.from?.value).toEqual([{ name: 'Top-up store', address: 'store@shop.test' }]);
    expect(mail.subject).toBe('Pochta manzilingizni tasdiqlang');
    expect(mail.headers.get('content-language')).toBe('uz');
    expect(mail.messageId).toMatch(/^<mail-\d+\.\d+@shop\.test>$/);
    expect(mail.text).toContain('Havola 24 soat amal qiladi');
    expect(mail.html).toMatch(/^<!doctype html><html lang="uz">/);
    const token = linkIn(mail, '/email/verify');

    expect((await app.request('POST', '/api/email/verify', { body: { token } })).body).toEqual({ email });
    expect((await app.request('GET', '/api/profile', { token: registered.body.token })).body).toMatchObject({ email, emailVerified: true });
    const again = await app.request('POST', '/api/email/verify', { body: { token } });
    expect([again.status, again.body.error.code]).toEqual([400, 'LINK_EXPIRED']);
    // A link mail keeps no body once a server took it: its link opens the account.
    expect(await app.db('mails').where({ recipient: email }).first('status', 'text_body', 'facts')).toEqual({ status: 'sent', text_body: '', facts: {} });
  });

  it("takes the storefront's language at log-in, for the account's mails", async () => {
    const user = await app.createUser();
    expect((await app.request('POST', '/api/login', { body: { nickname: user.nickname, password: user.password }, headers: { 'accept-language': 'uz' } })).status).toBe(200);
    expect(await app.db('users').where({ id: user.id }).first('language')).toEqual({ language: 'uz' });
  });

  it('refuses what is not an address with the message key the storefront translates', async () => {
    const user = await app.createUser();
    const refused = await app.request('PUT', '/api/profile/email', { token: user.token, body: { email: 'olga@mail' } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([{ field: 'email', message: 'email_invalid' }]);
  });

  it('is verified by one account only: a second claimant gets no link, and an older link of another account is refused', async () => {
    const email = normalised(newAddress());
    const [first, second] = [await app.createUser(), await app.createUser()];
    await app.request('PUT', '/api/profile/email', { token: first.token, body: { email } });
    await app.request('PUT', '/api/profile/email', { token: second.token, body: { email: email.toUpperCase().replace(/@.*/, (d) => d.toLowerCase()) } });
    const [firstLink, secondLink] = await vi.waitFor(() => {
      const mails = smtp.mailsTo(email).concat(smtp.mailsTo(email.toUpperCase().replace(/@.*/, (d) => d.toLowerCase())));
      expect(mails).toHaveLength(2);
      return mails.map((mail) => linkIn(mail, '/email/verify'));
    }, { timeout: 15_000, interval: 50 });
    expect((await app.request('POST', '/api/email/verify', { body: { token: firstLink } })).status).toBe(200);
    const taken = await app.request('POST', '/api/email/verify', { body: { token: secondLink } });
    expect([taken.status, taken.body.error.code]).toEqual([409, 'EMAIL_TAKEN']);

    const third = await app.createUser();
    expect((await app.request('PUT', '/api/profile/email', { token: third.token, body: { email } })).body).toEqual({ email, emailVerified: false });
    const mails = await app.db('mails').where({ user_id: third.id }).count({ n: '*' }).first();
    expect(Number(mails?.n)).toBe(0);
  });
});

describe('order mails', () => {
  it('mail a receipt to a verified address only, in the shopper\'s language, linking the order, with what a promotion took off, and never holding a code', async () => {
    const fixtures = createFixtures(app.db, app.config.codesKey);
    await fixtures.usdRubRate();
    const product = await fixtures.product();
    await fixtures.codes({ productId: product.id, gameAmount: 10, priceUsd: 1000, priceRub: 79000, count: 2 });
    const admin = await app.createUser({ role: 'admin' });
    const promotion = await app.request('POST', '/api/admin/promotions', {
      token: admin.token,
      body: { text: 'Sale', backgroundColor: '#ff5722', discountType: 'percent', discountValue: 10, productIds: [product.id] },
    });
    expect(promotion.status, JSON.stringify(promotion.body)).toBe(201);
    const verified = await verifiedShopper('en');
    const unverified = await app.createUser();
    const unverifiedAddress = normalised(newAddress());
    await app.request('PUT', '/api/profile/email', { token: unverified.token, body: { email: unverifiedAddress } });
    await mailTo(unverifiedAddress);

    const orders: number[] = [];
    for (const shopper of [verified, unverified]) {
      await fixtures.fundBalance(shopper.id, 'usd', 5000);
      await fixtures.cartLine({ userId: shopper.id, productId: product.id, gameAmount: 10, priceUsd: 1000, priceRub: 79000, quantity: 1 });
      const checkout = await app.request('POST', '/api/payment/from-balance', { token: shopper.token, body: { currency: 'usd' } });
      expect(checkout.status).toBe(201);
      orders.push(checkout.body.orderId);
    }
    const receipt = await mailTo(verified.email, 2);
    const order = (await app.request('GET', `/api/orders/${orders[0]}`, { token: verified.token })).body;
    expect(order.status).toBe('completed');
    const code: string = order.items[0].code.code;

    expect(receipt.subject).toBe(`Order #${orders[0]} is complete`);
    expect(receipt.headers.get('content-language')).toBe('en');
    expect(receipt.text).toContain(`Open the order: ${PUBLIC_URL}/orders/${orders[0]}`);
    expect(receipt.html).toContain(`href="${PUBLIC_URL}/orders/${orders[0]}"`);
    expect(receipt.text).toContain('  Promotion discount: 1.00 USD\n  Total: 9.00 USD');
    for (const part of [receipt.text, receipt.html, receipt.subject]) expect(part).not.toContain(code);

    await vi.waitFor(async () => expect((await app.request('GET', `/api/orders/${orders[1]}`, { token: unverified.token })).body.status).toBe('completed'), {
      timeout: 15_000,
      interval: 100,
    });
    expect(await app.db('mails').where({ order_id: orders[1] }).count({ n: '*' }).first()).toEqual({ n: 0 });
    expect(smtp.mailsTo(unverifiedAddress)).toHaveLength(1);

    expect((await app.request('POST', `/api/admin/orders/${orders[0]}/refund`, { token: admin.token, body: {} })).status).toBe(200);
    const refund = await mailTo(verified.email, 3);
    expect(refund.subject).toBe(`Order #${orders[0]} refunded`);
    expect(refund.text).toContain('Refunded to your balance: 9.00 USD');
    for (const part of [refund.text, refund.html]) expect(part).not.toContain(code);
  });

  it('mail a failed top-up\'s shopper that it could not be completed and was refunded', async () => {
    const fixtures = createFixtures(app.db, app.config.codesKey);
    await fixtures.usdRubRate();
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721, gameAmount: 100 });
    const shopper = await verifiedShopper('uz');
    await fixtures.fundBalance(shopper.id, 'usd', 5000);
    // The sandbox game declines every top-up of a player id ending in 13.
    const placed = await app.request('POST', '/api/orders/topup', {
      token: shopper.token,
      body: { topupData: { service: 'freefire', player_id: '777013', offer_id: offer.itemId, price_usd: 1.99, price_rub: 157.21 }, currency: 'usd' },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const failed = await mailTo(shopper.email, 2);
    expect(failed.subject).toBe(`№${placed.body.orderId} buyurtma bajarilmadi`);
    expect(failed.text).toContain('Qaytarildi balansga: 1.99 USD');
    // No promotion discounted it: no discount line.
    expect(failed.text).not.toContain('Aksiya chegirmasi');
    expect(failed.text).toContain(`${PUBLIC_URL}/orders/${placed.body.orderId}`);
  });

  it('is sent once when the server refuses it for now: the retried job sends it, and running the job again sends nothing', async () => {
    const shopper = await app.createUser();
    const email = normalised(newAddress());
    smtp.refuseNext(1);
    await app.request('PUT', '/api/profile/email', { token: shopper.token, body: { email } });
    await mailTo(email);
    const row = await vi.waitFor(async () => {
      const mail = await app.db('mails').where({ recipient: email }).first('id', 'status', 'last_error');
      expect(mail?.status).toBe('sent');
      return mail;
    }, { timeout: 15_000 });
    expect(row.last_error).toBeNull();
    const delivery = { db: app.db, transport: createMailTransport(app.config.mail), from: FROM, publicUrl: PUBLIC_URL };
    expect(await deliverMail(delivery, row.id)).toBe('sent');
    expect(smtp.mailsTo(email)).toHaveLength(1);
  });
});

describe('password reset', () => {
  it('mails a single-use link that sets the password and ends every session of the account', async () => {
    const shopper = await verifiedShopper('ru');
    const login = await app.request('POST', '/api/login', { body: { nickname: shopper.nickname, password: shopper.password } });
    expect(login.status).toBe(200);

    const forgot = await app.request('POST', '/api/password/forgot', { body: { email: ` ${shopper.email.toUpperCase().replace(/@.*/, (d) => d)} ` } });
    expect([forgot.status, forgot.body]).toEqual([202, { accepted: true }]);
    const mail = await mailTo(shopper.email, 2);
    expect(mail.subject).toBe('Восстановление пароля');
    expect(mail.text).toContain('Ссылка действует 30 минут');
    const token = linkIn(mail, '/password/reset');
    const link = await app.db('email_links').where({ user_id: shopper.id, purpose: 'reset_password' }).first();
    expect(link.token_hash).not.toContain(token);
    expect(new Date(link.expires_at).getTime() - new Date(link.created_at).getTime()).toBeCloseTo(30 * 60 * 1000, -3);

    const weak = await app.request('POST', '/api/password/reset', { body: { token, password: 'short' } });
    expect(weak.body.error.details).toEqual([{ field: 'password', message: 'password_too_short' }]);
    expect((await app.request('POST', '/api/password/reset', { body: { token, password: 'brand-new-pass-7' } })).status).toBe(204);

    for (const session of [shopper.token, login.body.token]) {
      expect((await app.request('GET', '/api/profile', { token: session })).status).toBe(401);
    }
    expect((await app.request('POST', '/api/login', { body: { nickname: shopper.nickname, password: 'brand-new-pass-7' } })).status).toBe(200);
    const reused = await app.request('POST', '/api/password/reset', { body: { token, password: 'another-pass-8' } });
    expect([reused.status, reused.body.error.code]).toEqual([400, 'LINK_EXPIRED']);
  });

  it('refuses a link older than 30 minutes', async () => {
    const shopper = await verifiedShopper('en');
    await app.request('POST', '/api/password/forgot', { body: { email: shopper.email } });
    const token = linkIn(await mailTo(shopper.email, 2), '/password/reset');
    await app.db('email_links').where({ user_id: shopper.id, purpose: 'reset_password' }).update({ expires_at: app.db.raw("now() - interval '1 second'") });
    const expired = await app.request('POST', '/api/password/reset', { body: { token, password: 'brand-new-pass-7' } });
    expect([expired.status, expired.body.error.code]).toEqual([400, 'LINK_EXPIRED']);
    expect((await app.request('GET', '/api/profile', { token: shopper.token })).status).toBe(200);
  });

  it('answers an unknown or unverified address as it answers a known one, and mails neither', async () => {
    await deleteRedisKeys(app.redis, `${app.config.redisPrefix}:rl`);
    const shopper = await app.createUser();
    const unverified = normalised(newAddress());
    await app.request('PUT', '/api/profile/email', { token: shopper.token, body: { email: unverified } });
    await mailTo(unverified);
    const unknown = await app.request('POST', '/api/password/forgot', { body: { email: normalised(newAddress()) } });
    const notVerified = await app.request('POST', '/api/password/forgot', { body: { email: unverified } });
    const notAnAddress = await app.request('POST', '/api/password/forgot', { body: { email: 'nobody' } });
    for (const answer of [unknown, notVerified, notAnAddress]) expect([answer.status, answer.body]).toEqual([202, { accepted: true }]);
    expect(await app.db('mails').where({ user_id: shopper.id, kind: 'reset_password' }).count({ n: '*' }).first()).toEqual({ n: 0 });
  });

  it('is rate limited per client address', async () => {
    await deleteRedisKeys(app.redis, `${app.config.redisPrefix}:rl`);
    for (let i = 0; i < FORGOT_LIMIT; i += 1) {
      expect((await app.request('POST', '/api/password/forgot', { body: { email: 'nobody@mail.test' } })).status).toBe(202);
    }
    const limited = await app.request('POST', '/api/password/forgot', { body: { email: 'nobody@mail.test' } });
    expect([limited.status, limited.body.error.code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
