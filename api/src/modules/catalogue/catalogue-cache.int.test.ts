import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger';
import { createFixtures } from '../../testing/fixtures';
import { startSecondApp, startTestApp, type TestApp, type TestUser } from '../../testing/harness';
import { createReservationExpiryService } from '../payments/reservation-expiry.service';
import { createCatalogueChanges } from './catalogue-changes';

/**
 * The catalogue's answers are cached in each API process and dropped by the invalidations a change
 * publishes. Two processes share one database and Redis prefix, with a cache lifetime far longer than
 * any test: whatever a process shows fresh here, an invalidation brought it.
 */
let app: TestApp;
let replica: TestApp;
let fixtures: ReturnType<typeof createFixtures>;
let admin: TestUser;

beforeAll(async () => {
  app = await startTestApp({ catalogueCacheTtlMs: 600_000 });
  replica = await startSecondApp(app);
  await Promise.all([app.invalidations.ready(), replica.invalidations.ready()]);
  fixtures = createFixtures(app.db, app.config.codesKey, app.invalidations);
  await fixtures.usdRubRate('79');
  admin = await app.createUser({ role: 'admin' });
});

afterAll(async () => {
  await replica?.close();
  await app?.close();
});

const OPTION = { gameAmount: 10, priceUsd: 1099, priceRub: 86821 };

/** Polls `read` until `accept` holds, for up to 10 s (a busy machine delivers a pub/sub message in far less). */
async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const optionsOf = (on: TestApp, productId: number) => async () => (await on.request('GET', `/api/products/${productId}/codes/0`)).body;
const countsOf = (options: Array<{ game_amount: number; available_count: number }>) =>
  options.map((option) => [option.game_amount, option.available_count]);

async function shopperWithCart(productId: number, quantity: number, usd: number) {
  const user = await app.createUser();
  await fixtures.cartLine({ userId: user.id, productId, ...OPTION, quantity });
  if (usd > 0) await fixtures.fundBalance(user.id, 'usd', usd);
  return user;
}

describe('a change shows on the next read in every API process', () => {
  it('a purchase: stock falls, and a sold-out option disappears', async () => {
    const product = await fixtures.product();
    await fixtures.codes({ productId: product.id, ...OPTION, count: 2 });
    await fixtures.codes({ productId: product.id, gameAmount: 50, priceUsd: 5000, priceRub: 395000, count: 1 });
    for (const on of [app, replica]) expect(countsOf(await optionsOf(on, product.id)())).toEqual([[10, 2], [50, 1]]);

    const buyer = await shopperWithCart(product.id, 2, 5000);
    const paid = await app.request('POST', '/api/payment/from-balance', { token: buyer.token, body: { currency: 'usd' } });
    expect(paid.status).toBe(201);

    expect(countsOf(await optionsOf(app, product.id)())).toEqual([[50, 1]]);
    expect(countsOf(await eventually(optionsOf(replica, product.id), (options) => options.length === 1))).toEqual([[50, 1]]);
    const listed = await eventually(
      async () => (await replica.request('GET', '/api/products')).body.find((entry: { id: number }) => entry.id === product.id),
      (entry) => entry.prices.length === 1,
    );
    expect(countsOf(listed.prices)).toEqual([[50, 1]]);
  });

  it('a card order holds its codes, and they come back when its hold ends unpaid', async () => {
    const product = await fixtures.product();
    await fixtures.codes({ productId: product.id, ...OPTION, count: 1 });
    expect(countsOf(await optionsOf(replica, product.id)())).toEqual([[10, 1]]);

    const buyer = await shopperWithCart(product.id, 1, 0);
    const started = await app.request('POST', '/api/payment/create', { token: buyer.token, body: { amount: 10.99, currency: 'usd', type: 'order' } });
    expect(started.status).toBe(201);
    expect(await eventually(optionsOf(replica, product.id), (options) => options.length === 0)).toEqual([]);

    await fixtures.lapseHold(started.body.orderId);
    const expiry = createReservationExpiryService({
      db: app.db,
      logger: createLogger('silent', 'catalogue-cache-test'),
      catalogueChanges: createCatalogueChanges(app.invalidations),
    });
    expect(await expiry.expireHolds()).toMatchObject({ codes: 1 });
    expect(countsOf(await eventually(optionsOf(replica, product.id), (options) => options.length === 1))).toEqual([[10, 1]]);
  });

  it('a price edited in the back office', async () => {
    const product = await fixtures.product();
    const [codeId] = await fixtures.codes({ productId: product.id, ...OPTION, count: 1 });
    expect((await optionsOf(replica, product.id)())[0].price_usd).toBe(10.99);
    const slugPage = async () => (await replica.request('GET', `/api/products/slug/${product.slug}`)).body;
    expect((await slugPage()).prices[0].price_usd).toBe(10.99);

    const edited = await app.request('PUT', `/api/admin/codes/${codeId}`, { token: admin.token, body: { priceUsd: 12.49 } });
    expect(edited.status).toBe(200);

    expect((await eventually(optionsOf(replica, product.id), (options) => options[0].price_usd !== 10.99))[0].price_usd).toBe(12.49);
    expect((await slugPage()).prices[0].price_usd).toBe(12.49);
  });

  it('a product deactivated in the back office leaves the list and its page', async () => {
    const product = await fixtures.product({ title: 'Fading Card' });
    const listedOn = async (on: TestApp) => (await on.request('GET', '/api/products')).body.some((entry: { id: number }) => entry.id === product.id);
    for (const on of [app, replica]) {
      expect(await listedOn(on)).toBe(true);
      expect((await on.request('GET', `/api/products/slug/${product.slug}`)).status).toBe(200);
    }

    const deactivated = await replica.request('PUT', `/api/admin/products/${product.id}`, { token: admin.token, body: { active: false } });
    expect(deactivated.status).toBe(200);

    expect(await eventually(() => listedOn(app), (listed) => !listed)).toBe(false);
    expect((await app.request('GET', `/api/products/slug/${product.slug}`)).status).toBe(404);
    expect((await app.request('GET', `/api/products/${product.id}/codes/0`)).status).toBe(404);
  });

  it('a promotion, a Free Fire offer and a PUBG package, which belong to no product', async () => {
    const texts = async () => (await replica.request('GET', '/api/promotions/active')).body.map((promotion: { text: string }) => promotion.text);
    expect(await texts()).not.toContain('Cache week');
    const created = await app.request('POST', '/api/admin/promotions', {
      token: admin.token,
      body: { text: 'Cache week', backgroundColor: '#123456', active: true, sortOrder: 0 },
    });
    expect(created.status).toBe(201);
    expect(await eventually(texts, (shown) => shown.includes('Cache week'))).toContain('Cache week');
  });
});

describe('what a rolled-back change publishes', () => {
  it('nothing: a checkout refused for want of money leaves every process its cached answers', async () => {
    const heard: Array<number | undefined> = [];
    const unsubscribe = replica.invalidations.subscribe('catalogue', ({ productId }) => heard.push(productId));
    /** Publishes a change of a new product and waits until the replica has heard it: every earlier message is in by then. */
    const barrier = async () => {
      const marker = await fixtures.product();
      await eventually(async () => heard, (messages) => messages.includes(marker.id));
      return marker.id;
    };
    try {
      const product = await fixtures.product();
      await fixtures.codes({ productId: product.id, ...OPTION, count: 1 });
      const poor = await shopperWithCart(product.id, 1, 100);
      expect(countsOf(await optionsOf(replica, product.id)())).toEqual([[10, 1]]);
      const before = await barrier();

      const refused = await app.request('POST', '/api/payment/from-balance', { token: poor.token, body: { currency: 'usd' } });
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('INSUFFICIENT_BALANCE');

      const after = await barrier();
      expect(heard.slice(heard.indexOf(before) + 1)).toEqual([after]);
      expect(countsOf(await optionsOf(replica, product.id)())).toEqual([[10, 1]]);
    } finally {
      unsubscribe();
    }
  });
});

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request whose body arrives as sent: fetch would decode it and ask for encodings of its own. */
function rawRequest(baseUrl: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${baseUrl}${path}`, { headers, method }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('HTTP caching of catalogue answers', () => {
  it('answers with a strong ETag, no-cache and Vary; a repeat with If-None-Match gets 304 and no body', async () => {
    await fixtures.product({ title: 'Tagged Card' });
    const first = await rawRequest(app.baseUrl, '/api/products');
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers.vary).toMatch(/Accept-Encoding/);
    expect(first.headers.vary).toMatch(/Accept-Language/);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);

    const again = await rawRequest(app.baseUrl, '/api/products', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);

    await fixtures.product({ title: 'Newer Card' });
    const changed = await rawRequest(app.baseUrl, '/api/products', { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(JSON.parse(changed.body.toString()).map((entry: { title: string }) => entry.title)).toContain('Newer Card');
  });

  it('sends the brotli or gzip bytes a client accepts, each with an ETag of its own, as the same JSON', async () => {
    const plain = await rawRequest(app.baseUrl, '/api/products');
    const br = await rawRequest(app.baseUrl, '/api/products', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await rawRequest(app.baseUrl, '/api/products', { 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
    const brAgain = await rawRequest(app.baseUrl, '/api/products', { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string });
    expect(brAgain.status).toBe(304);
  });

  it('is the same for every shopper and every way of asking for a language', async () => {
    const shopper = await app.createUser();
    const anonymous = await rawRequest(app.baseUrl, '/api/products');
    const signedIn = await rawRequest(app.baseUrl, '/api/products', { authorization: `Bearer ${shopper.token}` });
    expect(signedIn.headers.etag).toBe(anonymous.headers.etag);
    expect(signedIn.headers['set-cookie']).toBeUndefined();
    for (const [path, headers] of [
      ['/api/products?lang=en', {}],
      ['/api/products?lang=uz-Latn', {}],
      ['/api/products', { 'accept-language': 'en-US,en;q=0.9' }],
      ['/api/products?lang=xx', { 'accept-language': 'de' }],
    ] as const) {
      const answer = await rawRequest(app.baseUrl, path, headers);
      expect(answer.status, path).toBe(200);
      // The texts are not translated yet: every language reads the same today.
      expect(answer.body.equals(anonymous.body), path).toBe(true);
    }
  });

  it('answers a signed-in shopper from memory too, and still refuses a token that no longer holds', async () => {
    const shopper = await app.createUser();
    await rawRequest(app.baseUrl, '/api/products', { authorization: `Bearer ${shopper.token}` });
    const sent: string[] = [];
    const stop = app.watchQueries((sql) => sent.push(sql));
    try {
      const again = await rawRequest(app.baseUrl, '/api/products', { authorization: `Bearer ${shopper.token}` });
      expect(again.status).toBe(200);
    } finally {
      stop();
    }
    expect(sent).toEqual([]);

    expect((await app.request('POST', '/api/logout', { token: shopper.token })).status).toBe(204);
    const refused = await rawRequest(app.baseUrl, '/api/products', { authorization: `Bearer ${shopper.token}` });
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body.toString()).error.code).toBe('UNAUTHORIZED');
  });
});

describe('answers served before the router', () => {
  it('a URL answered before gets the same answer, and a URL its route refuses is refused however often it is asked', async () => {
    for (const path of ['/api/pubg/packages', '/api/products']) {
      expect((await rawRequest(app.baseUrl, path)).status).toBe(200);
    }
    for (const path of ['/api/pubg/packages?page=2', `/api/products?lang=${'x'.repeat(40)}`, '/api/products?search=a&search=b']) {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const refused = await app.request('GET', path);
        expect(refused.status, path).toBe(400);
        expect(refused.body.error.code).toBe('VALIDATION_FAILED');
      }
    }
  });

  it('sent before the app (no token) or by it (a token to check), an answer is the same: status, headers and bytes', async () => {
    const shopper = await app.createUser();
    const withToken = { authorization: `Bearer ${shopper.token}` };
    const varying = new Set(['x-request-id', 'date']);
    const comparable = (headers: Record<string, unknown>) => Object.entries(headers).filter(([name]) => !varying.has(name));
    for (const path of ['/api/products', '/api/products?lang=en', '/api/pubg/packages']) {
      for (const headers of [{}, { 'accept-encoding': 'gzip, deflate, br' }, { 'accept-encoding': 'gzip' }] as Array<Record<string, string>>) {
        await rawRequest(app.baseUrl, path, headers);
        const byTheApp = await rawRequest(app.baseUrl, path, { ...headers, ...withToken });
        const beforeIt = await rawRequest(app.baseUrl, path, headers);
        expect(comparable(beforeIt.headers), path).toEqual(comparable(byTheApp.headers));
        expect(beforeIt.body.equals(byTheApp.body), path).toBe(true);
        const notModified = { ...headers, 'if-none-match': beforeIt.headers.etag as string };
        const unchangedByTheApp = await rawRequest(app.baseUrl, path, { ...notModified, ...withToken });
        const unchangedBeforeIt = await rawRequest(app.baseUrl, path, notModified);
        expect([unchangedBeforeIt.status, unchangedByTheApp.status]).toEqual([304, 304]);
        expect(comparable(unchangedBeforeIt.headers), path).toEqual(comparable(unchangedByTheApp.headers));
      }
    }
  });

  it('a HEAD gets the headers of the GET and no body', async () => {
    const get = await rawRequest(app.baseUrl, '/api/products');
    const head = await rawRequest(app.baseUrl, '/api/products', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.body.length).toBe(0);
  });
});

describe('with Redis away', () => {
  it('answers are still served, and a change another process made shows once the cache lifetime ends', async () => {
    const offline = await startTestApp({ redisUrl: 'redis://127.0.0.1:1', catalogueCacheTtlMs: 500 });
    const offlineReplica = await startSecondApp(offline);
    try {
      const offlineFixtures = createFixtures(offline.db, offline.config.codesKey);
      const product = await offlineFixtures.product();
      const [codeId] = await offlineFixtures.codes({ productId: product.id, ...OPTION, count: 1 });
      const offlineAdmin = await offline.createUser({ role: 'admin' });
      expect((await optionsOf(offline, product.id)())[0].price_usd).toBe(10.99);

      const edited = await offlineReplica.request('PUT', `/api/admin/codes/${codeId}`, { token: offlineAdmin.token, body: { priceUsd: 8.99 } });
      expect(edited.status).toBe(200);

      const seen = await eventually(
        async () => offline.request('GET', `/api/products/${product.id}/codes/0`),
        (response) => response.status !== 200 || response.body[0].price_usd !== 10.99,
      );
      expect(seen.status).toBe(200);
      expect(seen.body[0].price_usd).toBe(8.99);
    } finally {
      await offlineReplica.close();
      await offline.close();
    }
  });
});
