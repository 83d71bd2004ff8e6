import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtures } from '../testing/fixtures';
import { startTestApp, type TestApp, type TestUser } from '../testing/harness';
import { freefireTopup } from '../testing/topup-data';
import { LOCK_TIMEOUT_SECONDS, pruneIdempotencyKeys } from './idempotency';

let app: TestApp;
let fixtures: ReturnType<typeof createFixtures>;

beforeAll(async () => {
  app = await startTestApp();
  fixtures = createFixtures(app.db, app.config.codesKey);
  await fixtures.usdRubRate('79');
});

afterAll(async () => {
  await app.close();
});

/** An answer as received: the body kept as text, so replays can be compared byte for byte. */
interface RawAnswer {
  status: number;
  text: string;
  type: string | null;
  replayed: boolean;
  rateLimitRemaining: string | null;
  json(): any;
}

/** POSTs with an optional Idempotency-Key; `rawBody` is sent exactly as given. */
async function post(
  path: string,
  options: { token: string; key?: string; body?: unknown; rawBody?: string },
): Promise<RawAnswer> {
  const headers: Record<string, string> = { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' };
  if (options.key !== undefined) headers['idempotency-key'] = options.key;
  const response = await fetch(`${app.baseUrl}${path}`, {
    method: 'POST',
    headers,
    body: options.rawBody ?? JSON.stringify(options.body ?? {}),
  });
  const text = await response.text();
  return {
    status: response.status,
    text,
    type: response.headers.get('content-type'),
    replayed: response.headers.get('idempotent-replayed') === 'true',
    rateLimitRemaining: response.headers.get('ratelimit-remaining'),
    json: () => JSON.parse(text),
  };
}

const FROM_BALANCE = '/api/payment/from-balance';
const newKey = () => `key-${randomUUID()}`;
const payFromBalance = (user: TestUser, key: string, body: unknown = { currency: 'usd' }) =>
  post(FROM_BALANCE, { token: user.token, key, body });

/** 10 game units at 10.99 USD (minor units). */
const OPTION = { gameAmount: 10, priceUsd: 1099, priceRub: 86821 };

/** A shopper with one code in the cart and 50.00 USD. */
async function shopperWithCart(user?: TestUser): Promise<TestUser> {
  const shopper = user ?? (await app.createUser());
  const product = await fixtures.product();
  await fixtures.codes({ productId: product.id, ...OPTION, count: 1 });
  await fixtures.cartLine({ userId: shopper.id, productId: product.id, ...OPTION, quantity: 1 });
  await fixtures.fundBalance(shopper.id, 'usd', 5000);
  return shopper;
}

/** What a charge changes: the user's balances, ledger and orders. */
async function moneyState(userId: number) {
  return {
    balances: await app.db('balances').where({ user_id: userId }).orderBy('currency').select('currency', 'amount'),
    debits: await app.db('balance_ledger').where({ user_id: userId, reason: 'order_payment' }).select('order_id', 'amount'),
    orders: await app.db('orders').where({ user_id: userId }).pluck('id'),
  };
}

const keyRecord = (userId: number, key: string) => app.db('idempotency_keys').where({ user_id: userId, key }).first();

function expectSameAnswer(answer: RawAnswer, first: RawAnswer): void {
  expect(answer.status).toBe(first.status);
  expect(answer.text).toBe(first.text);
  expect(answer.type).toBe(first.type);
}

describe('Idempotency-Key on POST /api/payment/from-balance', () => {
  it('runs ten simultaneous sends of one key once: every answer is the first one or 409 IDEMPOTENCY_KEY_IN_USE', async () => {
    const user = await shopperWithCart();
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: 10 }, () => payFromBalance(user, key)));

    const state = await moneyState(user.id);
    expect(state.orders).toHaveLength(1);
    expect(state.debits).toEqual([{ order_id: state.orders[0], amount: -1099 }]);

    const originals = answers.filter((answer) => answer.status !== 409 && !answer.replayed);
    expect(originals).toHaveLength(1);
    const first = originals[0]!;
    expect(first.status).toBe(201);
    expect(first.json()).toEqual({ success: true, orderId: state.orders[0], status: 'processing', total: 10.99, discount: 0, currency: 'usd' });
    for (const answer of answers) {
      if (answer.status === 409) expect(answer.json().error.code).toBe('IDEMPOTENCY_KEY_IN_USE');
      else expectSameAnswer(answer, first);
    }
    expect(await keyRecord(user.id, key)).toMatchObject({ state: 'done', response_status: 201, response_body: first.text });
  });

  it('replays a finished answer byte for byte, marked as a replay, and changes nothing', async () => {
    const user = await shopperWithCart();
    const key = newKey();
    const first = await payFromBalance(user, key);
    expect(first.status).toBe(201);
    expect(first.replayed).toBe(false);
    // Another cart, so a second run would visibly charge again.
    await shopperWithCart(user);
    const before = await moneyState(user.id);

    const again = await payFromBalance(user, key);
    expectSameAnswer(again, first);
    expect(again.replayed).toBe(true);
    expect(again.type).toBe('application/json; charset=utf-8');
    // The same body serialised another way is the same request.
    const respaced = await post(FROM_BALANCE, { token: user.token, key, rawBody: ' { "currency" : "usd" } ' });
    expectSameAnswer(respaced, first);
    expect(await moneyState(user.id)).toEqual(before);
  });

  it('refuses the key with another body or on another path: 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const user = await shopperWithCart();
    await fixtures.fundBalance(user.id, 'rub', 500_000);
    const key = newKey();
    expect((await payFromBalance(user, key)).status).toBe(201);
    await shopperWithCart(user);
    const before = await moneyState(user.id);

    const otherBody = await payFromBalance(user, key, { currency: 'rub' });
    expect(otherBody.status).toBe(422);
    expect(otherBody.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const otherPath = await post('/api/payment/create', { token: user.token, key, body: { currency: 'usd' } });
    expect(otherPath.status).toBe(422);
    expect(otherPath.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await moneyState(user.id)).toEqual(before);
  });

  it('replays a 4xx answer too, even once the request would succeed', async () => {
    const user = await app.createUser();
    await fixtures.fundBalance(user.id, 'usd', 5000);
    const key = newKey();
    const first = await payFromBalance(user, key);
    expect(first.status).toBe(400);
    expect(first.json().error.code).toBe('CART_EMPTY');

    await shopperWithCart(user);
    const again = await payFromBalance(user, key);
    expectSameAnswer(again, first);
    expect(again.replayed).toBe(true);
    expect((await moneyState(user.id)).orders).toEqual([]);
    // A thrown error with details is kept whole as well.
    const poor = await app.createUser();
    const product = await fixtures.product();
    await fixtures.codes({ productId: product.id, ...OPTION, count: 1 });
    await fixtures.cartLine({ userId: poor.id, productId: product.id, ...OPTION, quantity: 1 });
    const poorKey = newKey();
    const refused = await payFromBalance(poor, poorKey);
    expect(refused.status).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'INSUFFICIENT_BALANCE', details: { required: 10.99, available: 0 } });
    expectSameAnswer(await payFromBalance(poor, poorKey), refused);
  });

  it('keeps no record of a 5xx, so the same key can be retried', async () => {
    const user = await shopperWithCart();
    const key = newKey();
    // The database refuses this user's orders, as an outage mid-request would.
    await app.db.raw(`
      CREATE FUNCTION idempotency_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'simulated outage'; END $$;
      CREATE TRIGGER idempotency_test_fail BEFORE INSERT ON orders
        FOR EACH ROW WHEN (NEW.user_id = ${user.id}) EXECUTE FUNCTION idempotency_test_fail();
    `);
    try {
      const failed = await payFromBalance(user, key);
      expect(failed.status).toBe(500);
      expect(failed.json().error.code).toBe('INTERNAL_ERROR');
      expect(await keyRecord(user.id, key)).toBeUndefined();
    } finally {
      await app.db.raw('DROP TRIGGER idempotency_test_fail ON orders; DROP FUNCTION idempotency_test_fail();');
    }

    const retried = await payFromBalance(user, key);
    expect(retried.status).toBe(201);
    expect(retried.replayed).toBe(false);
    expect((await moneyState(user.id)).orders).toEqual([retried.json().orderId]);
  });

  it('gives two users with the same key each their own answer', async () => {
    const [alice, bob] = [await shopperWithCart(), await shopperWithCart()];
    const key = newKey();
    const [forAlice, forBob] = await Promise.all([payFromBalance(alice, key), payFromBalance(bob, key)]);
    expect([forAlice.status, forBob.status]).toEqual([201, 201]);
    expect((await moneyState(alice.id)).orders).toEqual([forAlice.json().orderId]);
    expect((await moneyState(bob.id)).orders).toEqual([forBob.json().orderId]);
    expectSameAnswer(await payFromBalance(bob, key), forBob);
  });

  it('takes over a running record abandoned past the lock timeout, once, and an expired one whatever it held', async () => {
    const user = await app.createUser();
    await fixtures.fundBalance(user.id, 'usd', 5000);
    const key = newKey();
    // A record of this very request, left 'running' by a process that died.
    expect((await payFromBalance(user, key)).status).toBe(400);
    const abandon = (secondsAgo: number) =>
      app
        .db('idempotency_keys')
        .where({ user_id: user.id, key })
        .update({
          state: 'running',
          response_status: null,
          response_body: null,
          response_type: null,
          locked_at: app.db.raw('now() - make_interval(secs => ?)', [secondsAgo]),
        });
    await shopperWithCart(user);

    await abandon(LOCK_TIMEOUT_SECONDS - 5);
    const stillRunning = await payFromBalance(user, key);
    expect(stillRunning.status).toBe(409);
    expect(stillRunning.json().error.code).toBe('IDEMPOTENCY_KEY_IN_USE');

    await abandon(LOCK_TIMEOUT_SECONDS + 1);
    // Another request never takes over an abandoned key.
    expect((await payFromBalance(user, key, { currency: 'rub' })).status).toBe(422);
    const takers = await Promise.all(Array.from({ length: 5 }, () => payFromBalance(user, key)));
    const ran = takers.filter((answer) => answer.status === 201 && !answer.replayed);
    expect(ran).toHaveLength(1);
    for (const answer of takers) {
      if (answer.status !== 409) expectSameAnswer(answer, ran[0]!);
    }
    expect((await moneyState(user.id)).debits).toHaveLength(1);

    // Past its 24 hours, a key is free for any request.
    await app.db('idempotency_keys').where({ user_id: user.id, key }).update({ expires_at: app.db.raw("now() - interval '1 second'") });
    await fixtures.fundBalance(user.id, 'rub', 500_000);
    await shopperWithCart(user);
    const reused = await payFromBalance(user, key, { currency: 'rub' });
    expect(reused.status).toBe(201);
    expect(reused.json().currency).toBe('rub');
  });

  it('answers 400 VALIDATION_FAILED for a bad key and accepts one of 255 printable characters', async () => {
    const user = await shopperWithCart();
    for (const bad of ['', 'k'.repeat(256), 'clé', 'tab\there']) {
      const answer = await payFromBalance(user, bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await moneyState(user.id)).orders).toEqual([]);
    expect(await app.db('idempotency_keys').where({ user_id: user.id })).toEqual([]);

    const longest = ` !~${'k'.repeat(249)}"#$`;
    expect((await payFromBalance(user, longest)).status).toBe(201);
    expect((await payFromBalance(user, longest)).replayed).toBe(true);
  });

  it('checks the session before the key', async () => {
    const response = await fetch(`${app.baseUrl}${FROM_BALANCE}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': '' },
      body: '{"currency":"usd"}',
    });
    expect(response.status).toBe(401);
  });
});

describe('Idempotency-Key on POST /api/payment/create', () => {
  const createPayment = (user: TestUser, key: string | undefined, body: unknown = { amount: 10.99, currency: 'usd', type: 'order' }) =>
    post('/api/payment/create', { token: user.token, key, body });

  it('replays without counting toward the rate limit', async () => {
    const user = await shopperWithCart();
    const key = newKey();
    const first = await createPayment(user, key);
    expect(first.status).toBe(201);
    expect(first.rateLimitRemaining).toBe(String(app.config.rateLimits.paymentCreate.points - 1));

    const replays = await Promise.all(
      Array.from({ length: app.config.rateLimits.paymentCreate.points + 5 }, () => createPayment(user, key)),
    );
    for (const replay of replays) {
      expectSameAnswer(replay, first);
      expect(replay.replayed).toBe(true);
    }
    expect(await app.db('payments').where({ user_id: user.id })).toHaveLength(1);

    // The next counted request is only the second.
    const next = await createPayment(user, undefined, { amount: 10.99, currency: 'usd', type: 'order', extra: 1 });
    expect(next.status).toBe(400);
    expect(next.rateLimitRemaining).toBe(String(app.config.rateLimits.paymentCreate.points - 2));
  });

  it('keeps no record of a rate-limited (429) answer, so the key stays usable', async () => {
    const user = await app.createUser();
    const invalid = { amount: 1, currency: 'usd', type: 'order', extra: 1 };
    for (let sent = 0; sent < app.config.rateLimits.paymentCreate.points; sent += 1) {
      expect((await createPayment(user, undefined, invalid)).status).toBe(400);
    }
    const key = newKey();
    const limited = await createPayment(user, key);
    expect(limited.status).toBe(429);
    expect(await keyRecord(user.id, key)).toBeUndefined();
  });
});

describe('Idempotency-Key on POST /api/orders/topup', () => {
  it('charges five sends of one key once', async () => {
    const user = await app.createUser();
    await fixtures.fundBalance(user.id, 'usd', 1000);
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721, gameAmount: 100 });
    const body = { topupData: freefireTopup(offer), currency: 'usd' };
    const key = newKey();
    const send = () => post('/api/orders/topup', { token: user.token, key, body });
    const answers = [...(await Promise.all([send(), send(), send()])), await send(), await send()];

    const state = await moneyState(user.id);
    expect(state.orders).toHaveLength(1);
    expect(state.debits).toEqual([{ order_id: state.orders[0], amount: -199 }]);
    expect(state.balances).toContainEqual({ currency: 'usd', amount: 801 });
    const first = answers.find((answer) => answer.status === 201 && !answer.replayed)!;
    expect(first.json()).toEqual({ success: true, orderId: state.orders[0], status: 'processing' });
    for (const answer of answers) {
      if (answer.status === 409) expect(answer.json().error.code).toBe('IDEMPOTENCY_KEY_IN_USE');
      else expectSameAnswer(answer, first);
    }
    // The last two came after the first had finished.
    expect(answers.slice(3).every((answer) => answer.replayed)).toBe(true);
  });
});

describe('Idempotency-Key on POST /api/freefire/activate-code', () => {
  it('replays the activation instead of answering "already activated"', async () => {
    const user = await app.createUser();
    const code = await fixtures.freefireCode({ soldTo: user.id });
    const key = newKey();
    const body = { playerID: '4000017', code: code.code };
    const first = await post('/api/freefire/activate-code', { token: user.token, key, body });
    expect(first.status).toBe(200);
    expect(first.json()).toEqual({ success: true });
    const again = await post('/api/freefire/activate-code', { token: user.token, key, body });
    expectSameAnswer(again, first);
    expect(again.replayed).toBe(true);
    const withoutKey = await post('/api/freefire/activate-code', { token: user.token, body });
    expect(withoutKey.json()).toEqual({ success: false, error: 'This code has already been activated.' });
  });
});

/**
 * The state a crash between the money transaction and storing the answer leaves: the key still
 * 'running', its claim old enough to be taken over by the same request.
 */
const loseAnswer = (userId: number, key: string) =>
  app
    .db('idempotency_keys')
    .where({ user_id: userId, key })
    .update({
      state: 'running',
      response_status: null,
      response_body: null,
      response_type: null,
      locked_at: app.db.raw('now() - make_interval(secs => ?)', [LOCK_TIMEOUT_SECONDS + 1]),
    });

/** Sends `send` once, loses its stored answer, and sends it again: both answers, the first one checked fresh. */
async function sendRunAgain(user: TestUser, key: string, send: () => Promise<RawAnswer>, between?: () => Promise<unknown>) {
  const first = await send();
  expect(first.replayed).toBe(false);
  await loseAnswer(user.id, key);
  await between?.();
  const again = await send();
  expect(again.replayed).toBe(false);
  return { first, again };
}

/** How many sessions of this test's database wait for a lock. */
const waitingOnLocks = async () =>
  (await app.db.raw<{ rows: Array<{ n: number }> }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()"))
    .rows[0]!.n;

describe('a money call run again after its stored answer was lost', () => {
  it('from-balance answers the first order and charges nothing more', async () => {
    const user = await shopperWithCart();
    const key = newKey();
    const { first, again } = await sendRunAgain(user, key, () => payFromBalance(user, key), () => shopperWithCart(user));
    expect(first.status).toBe(201);
    expectSameAnswer(again, first);

    const state = await moneyState(user.id);
    expect(state.orders).toEqual([first.json().orderId]);
    expect(state.debits).toEqual([{ order_id: first.json().orderId, amount: -1099 }]);
    expect(state.balances).toContainEqual({ currency: 'usd', amount: 5000 + 5000 - 1099 });
    // The second cart was not taken.
    expect(await app.db('cart_items').where({ user_id: user.id })).toHaveLength(1);
    expect(await keyRecord(user.id, key)).toMatchObject({ state: 'done', response_body: first.text });
  });

  it('a top-up answers the first order and charges nothing more, even once its offer is gone', async () => {
    const user = await app.createUser();
    await fixtures.fundBalance(user.id, 'usd', 1000);
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721, gameAmount: 100 });
    const key = newKey();
    const send = () => post('/api/orders/topup', { token: user.token, key, body: { topupData: freefireTopup(offer), currency: 'usd' } });
    const { first, again } = await sendRunAgain(user, key, send, () => app.db('game_denominations').where({ item_id: offer.itemId }).update({ active: false }));
    expect(first.status).toBe(201);
    expectSameAnswer(again, first);
    const state = await moneyState(user.id);
    expect(state.orders).toEqual([first.json().orderId]);
    expect(state.debits).toEqual([{ order_id: first.json().orderId, amount: -199 }]);
  });

  it('payment/create answers the first pay page, and holds and charges nothing more', async () => {
    const user = await shopperWithCart();
    const key = newKey();
    const send = () => post('/api/payment/create', { token: user.token, key, body: { amount: 10.99, currency: 'usd', type: 'order' } });
    const { first, again } = await sendRunAgain(user, key, send, () => shopperWithCart(user));
    expect(first.status).toBe(201);
    expectSameAnswer(again, first);
    expect((await moneyState(user.id)).orders).toEqual([first.json().orderId]);
    expect(await app.db('payments').where({ user_id: user.id })).toHaveLength(1);
    expect(await app.db('cart_items').where({ user_id: user.id })).toHaveLength(1);
  });

  it('payment/create of a run that died before asking the gateway asks it now, with the payment’s own key', async () => {
    const user = await app.createUser();
    const offer = await fixtures.freefireOffer({ priceUsd: 199, priceRub: 15_721, gameAmount: 100 });
    const key = newKey();
    const send = () =>
      post('/api/payment/create', { token: user.token, key, body: { type: 'topup', topupData: freefireTopup(offer), currency: 'usd', method: 'sbp' } });
    const forgetGateway = () => app.db('payments').where({ user_id: user.id }).update({ provider_payment_id: null, pay_url: null });
    const { first, again } = await sendRunAgain(user, key, send, forgetGateway);
    expect(first.status).toBe(201);
    // The sandbox, like YooKassa, answers a create with a key it knows with the payment it made.
    expectSameAnswer(again, first);
    const payments = await app.db('payments').where({ user_id: user.id }).select('order_id', 'method', 'pay_url', 'idempotence_key');
    expect(payments).toEqual([{ order_id: first.json().orderId, method: 'sbp', pay_url: first.json().pay_url, idempotence_key: expect.any(String) }]);
    expect(first.json().pay_url).toContain(payments[0].idempotence_key.replaceAll('-', ''));
    expect(await app.db('orders').where({ user_id: user.id }).select('status', 'kind')).toEqual([{ status: 'pending', kind: 'topup' }]);

    // Given up on meanwhile (the hold ended), it is not started again.
    const lateKey = newKey();
    const late = () => post('/api/payment/create', { token: user.token, key: lateKey, body: { type: 'topup', topupData: freefireTopup(offer), currency: 'usd' } });
    const { first: lateFirst, again: lateAgain } = await sendRunAgain(user, lateKey, late, async () => {
      await forgetGateway();
      await app.db('orders').where({ user_id: user.id, idempotency_key: lateKey }).update({ status: 'cancelled' });
    });
    expect(lateFirst.status).toBe(201);
    expect(lateAgain.status).toBe(503);
    expect(lateAgain.json().error.code).toBe('SERVICE_UNAVAILABLE');
    expect(await app.db('payments').where({ user_id: user.id })).toHaveLength(2);
  });

  it('activate-code answers that it activated the code, not "already activated"', async () => {
    const user = await app.createUser();
    const code = await fixtures.freefireCode({ soldTo: user.id });
    const key = newKey();
    const send = () => post('/api/freefire/activate-code', { token: user.token, key, body: { playerID: '4000017', code: code.code } });
    const { first, again } = await sendRunAgain(user, key, send);
    expect(first.json()).toEqual({ success: true });
    expectSameAnswer(again, first);
    // Another key for the same code is still told the truth.
    const other = await post('/api/freefire/activate-code', { token: user.token, key: newKey(), body: { playerID: '4000017', code: code.code } });
    expect(other.json()).toEqual({ success: false, error: 'This code has already been activated.' });
  });

  it('two runs of one key at once (the first hung past the lock timeout) place one order', async () => {
    const user = await shopperWithCart();
    const key = newKey();
    // The first run waits for the balance, long enough for its claim to look abandoned.
    const hold = await app.db.transaction();
    await hold('balances').where({ user_id: user.id, currency: 'usd' }).forUpdate();
    const hung = payFromBalance(user, key);
    await expect.poll(async () => (await keyRecord(user.id, key))?.state, { timeout: 10_000 }).toBe('running');
    await expect.poll(waitingOnLocks, { timeout: 10_000 }).toBe(1);
    await app.db('idempotency_keys').where({ user_id: user.id, key }).update({ locked_at: app.db.raw("now() - interval '1 hour'") });
    // Another cart (the balance covers it), so a second run would visibly place a second order.
    const product = await fixtures.product();
    await fixtures.codes({ productId: product.id, ...OPTION, count: 1 });
    await fixtures.cartLine({ userId: user.id, productId: product.id, ...OPTION, quantity: 1 });
    const taker = payFromBalance(user, key);
    await expect.poll(waitingOnLocks, { timeout: 10_000 }).toBe(2);
    await hold.commit();

    const [first, second] = await Promise.all([hung, taker]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.json().orderId).toBe(first.json().orderId);
    const state = await moneyState(user.id);
    expect(state.orders).toEqual([first.json().orderId]);
    expect(state.debits).toHaveLength(1);
  });
});

describe('pruneIdempotencyKeys', () => {
  it('deletes expired records only, in batches', async () => {
    const user = await app.createUser();
    const record = (key: string, expiresAt: string) => ({
      user_id: user.id,
      key,
      request_hash: 'hash',
      state: 'done',
      response_status: 201,
      response_body: '{}',
      response_type: 'application/json; charset=utf-8',
      expires_at: app.db.raw(`now() + interval '${expiresAt}'`),
    });
    await app.db('idempotency_keys').del();
    await app.db('idempotency_keys').insert([
      ...Array.from({ length: 5 }, (_, i) => record(`old-${i}`, '-1 second')),
      record('fresh', '1 hour'),
    ]);
    expect(await pruneIdempotencyKeys(app.db, 2)).toBe(5);
    expect(await app.db('idempotency_keys').pluck('key')).toEqual(['fresh']);
    expect(await pruneIdempotencyKeys(app.db)).toBe(0);
  });
});
