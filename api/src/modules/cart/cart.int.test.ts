import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_MAX_QUANTITY } from '@topup/common/api';
import { createFixtures } from '../../testing/fixtures';
import { startTestApp, type TestApp, type TestUser } from '../../testing/harness';
import { untilAStatementWaitsOnALock } from '../../testing/lock-waits';

let app: TestApp;
let fixtures: ReturnType<typeof createFixtures>;

beforeAll(async () => {
  app = await startTestApp();
  fixtures = createFixtures(app.db, app.config.codesKey);
});

afterAll(async () => {
  await app.close();
});

/** A global product with `count` codes of 10 game units at 10.99 USD / 868.21 RUB. */
async function stockedProduct(count: number, fields: Record<string, unknown> = {}) {
  const product = await fixtures.product({ title: 'Nova Card', image_url: 'https://img.example/nova.png', game_currency: 'Credits', ...fields });
  await fixtures.codes({ productId: product.id, gameAmount: 10, priceUsd: 1099, priceRub: 86821, count });
  return product;
}

const addBody = (productId: number, fields: Record<string, unknown> = {}) => ({
  productId,
  gameAmount: 10,
  priceUsd: 10.99,
  priceRub: 868.21,
  gameCurrency: 'Credits',
  quantity: 1,
  regionId: 0,
  ...fields,
});

const add = (user: TestUser, body: Record<string, unknown>) => app.request('POST', '/api/cart/add', { token: user.token, body });

/**
 * A second addition of one unit while a first (one unit of the stocked option, up to 3) holds the
 * line in an open transaction: the second waits for it, and answers once the first commits. Resolves
 * to what the first added and the second's answer.
 */
async function addWhileAnAdditionHoldsTheLine(user: TestUser, productId: number) {
  const first = await app.db.transaction();
  try {
    const [held] = (await first.raw('SELECT quantity, capped FROM add_to_cart_line(?, ?, NULL, 10, 1099, 86821, 1, 3)', [user.id, productId])).rows;
    const second = add(user, addBody(productId, { quantity: 1 }));
    await untilAStatementWaitsOnALock(app.db, '%add_to_cart_line%');
    await first.commit();
    return { held, answer: await second };
  } finally {
    if (!first.isCompleted()) await first.rollback();
  }
}
const cartOf = (user: TestUser) => app.request('GET', '/api/cart', { token: user.token });
const linesOf = (userId: number) => app.db('cart_items').where({ user_id: userId }).orderBy('id');

describe('GET /api/cart', () => {
  it('requires a login', async () => {
    const response = await app.request('GET', '/api/cart');
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('UNAUTHORIZED');
  });

  it('answers an empty cart with zero subtotals', async () => {
    const user = await app.createUser();
    const response = await cartOf(user);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, data: [], subtotal: { usd: 0, rub: 0 } });
  });

  it('lists lines with live stock, the regional game currency and subtotals', async () => {
    const user = await app.createUser();
    const global = await stockedProduct(3);
    const regional = await fixtures.product({ title: 'Atlas Card', has_regions: true, has_global_codes: false, game_currency: 'Gold' });
    const region = await fixtures.region();
    await fixtures.linkRegion(regional.id, region.id, 'Lira');
    await fixtures.codes({ productId: regional.id, regionId: region.id, gameAmount: 50, priceUsd: 500, priceRub: 39500, count: 4 });
    await fixtures.cartLine({ userId: user.id, productId: global.id, gameAmount: 10, priceUsd: 1099, priceRub: 86821, quantity: 2 });
    await fixtures.cartLine({
      userId: user.id,
      productId: regional.id,
      regionId: region.id,
      gameAmount: 50,
      priceUsd: 500,
      priceRub: 39500,
      quantity: 1,
    });

    const response = await cartOf(user);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      data: [
        {
          id: expect.any(Number),
          product_id: global.id,
          product_title: 'Nova Card',
          image_url: 'https://img.example/nova.png',
          game_amount: 10,
          game_currency: 'Credits',
          price_usd: 10.99,
          price_rub: 868.21,
          quantity: 2,
          available_count: 3,
          region_id: null,
        },
        {
          id: expect.any(Number),
          product_id: regional.id,
          product_title: 'Atlas Card',
          image_url: '',
          game_amount: 50,
          game_currency: 'Lira',
          price_usd: 5,
          price_rub: 395,
          quantity: 1,
          available_count: 4,
          region_id: region.id,
        },
      ],
      subtotal: { usd: 26.98, rub: 2131.42 },
    });
  });

  it('counts only stock of the exact option, and none once the product is withdrawn', async () => {
    const user = await app.createUser();
    const product = await stockedProduct(2);
    await fixtures.codes({ productId: product.id, gameAmount: 10, priceUsd: 1199, priceRub: 94721, count: 5 });
    await fixtures.generatedCodes({ productId: product.id, gameAmount: 10, priceUsd: 1099, priceRub: 86821, count: 1 });
    await fixtures.generatedCodes({ productId: product.id, gameAmount: 10, priceUsd: 1099, priceRub: 86821, count: 4, published: false });
    await fixtures.cartLine({ userId: user.id, productId: product.id, gameAmount: 10, priceUsd: 1099, priceRub: 86821, quantity: 1 });
    expect((await cartOf(user)).body.data[0].available_count).toBe(3);

    await app.db('products').where({ id: product.id }).update({ active: false });
    expect((await cartOf(user)).body.data[0].available_count).toBe(0);
  });
});

describe('POST /api/cart/add', () => {
  it('adds the option at the server-side price, and adding again raises the same line', async () => {
    const user = await app.createUser();
    const product = await stockedProduct(5);

    const first = await add(user, addBody(product.id, { quantity: 2 }));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      capped: false,
      item: { product_id: product.id, quantity: 2, price_usd: 10.99, price_rub: 868.21, available_count: 5, region_id: null },
      subtotal: { usd: 21.98, rub: 1736.42 },
    });
    expect(first.body.data).toEqual([first.body.item]);

    const again = await add(user, addBody(product.id, { quantity: 1, regionId: null }));
    expect(again.body).toMatchObject({ capped: false, item: { id: first.body.item.id, quantity: 3 } });
    const lines = await linesOf(user.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ region_id: null, game_amount: 10, price_usd: 1099, price_rub: 86821, quantity: 3 });
  });

  it('caps the quantity at the available stock and says so', async () => {
    const user = await app.createUser();
    const product = await stockedProduct(3);
    const response = await add(user, addBody(product.id, { quantity: 2 }));
    expect(response.body.capped).toBe(false);
    const capped = await add(user, addBody(product.id, { quantity: 5 }));
    expect(capped.status).toBe(200);
    expect(capped.body).toMatchObject({ capped: true, item: { quantity: 3, available_count: 3 } });
  });

  it('tells the second of two concurrent additions to one line that the stock cut it', async () => {
    const user = await app.createUser();
    const product = await stockedProduct(3);
    await add(user, addBody(product.id, { quantity: 2 }));
    // The second reads the line as the first left it.
    const { held, answer } = await addWhileAnAdditionHoldsTheLine(user, product.id);
    expect(held).toEqual({ quantity: 3, capped: false });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ capped: true, item: { quantity: 3 } });
  });

  it('adds both of two concurrent first additions of an option to the one line they create', async () => {
    const user = await app.createUser();
    const product = await stockedProduct(3);
    // The first creates the line; the second, finding no line to lock, tries to create it too, waits
    // for the first, then adds to the line the first made.
    const { held, answer } = await addWhileAnAdditionHoldsTheLine(user, product.id);
    expect(held).toEqual({ quantity: 1, capped: false });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ capped: false, item: { quantity: 2, available_count: 3 } });
    expect(await linesOf(user.id)).toEqual([expect.objectContaining({ quantity: 2 })]);
  });

  it('adds a regional option to its own line', async () => {
    const user = await app.createUser();
    const product = await fixtures.product({ has_regions: true, game_currency: 'Coins' });
    const region = await fixtures.region();
    await fixtures.linkRegion(product.id, region.id, 'Gems');
    await fixtures.codes({ productId: product.id, regionId: region.id, gameAmount: 10, priceUsd: 1099, priceRub: 86821, count: 2 });
    await fixtures.codes({ productId: product.id, gameAmount: 10, priceUsd: 1099, priceRub: 86821, count: 2 });

    await add(user, addBody(product.id));
    const regional = await add(user, addBody(product.id, { regionId: region.id }));
    expect(regional.body.item).toMatchObject({ region_id: region.id, game_currency: 'Gems', quantity: 1 });
    expect(regional.body.data).toHaveLength(2);
  });

  it('counts published generated codes as stock of a global option', async () => {
    const user = await app.createUser();
    const product = await fixtures.product();
    await fixtures.generatedCodes({ productId: product.id, gameAmount: 100, priceUsd: 99, priceRub: 7821, count: 2 });
    const response = await add(user, addBody(product.id, { gameAmount: 100, priceUsd: 0.99, priceRub: 78.21, quantity: 2 }));
    expect(response.body).toMatchObject({ capped: false, item: { quantity: 2, available_count: 2 } });
  });

  it('answers 409 OUT_OF_STOCK when nothing is in stock at that amount', async () => {
    const user = await app.createUser();
    const product = await stockedProduct(1);
    await fixtures.codes({ productId: product.id, gameAmount: 25, priceUsd: 2500, priceRub: 197500, count: 2, status: 'used' });
    const response = await add(user, addBody(product.id, { gameAmount: 25, priceUsd: 25, priceRub: 1975 }));
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({ code: 'OUT_OF_STOCK', details: { productId: product.id, gameAmount: 25 } });
    expect(await linesOf(user.id)).toEqual([]);
  });

  it('answers 409 PRICE_CHANGED with the current prices when the client prices differ', async () => {
    const user = await app.createUser();
    const product = await stockedProduct(2);
    await fixtures.codes({ productId: product.id, gameAmount: 10, priceUsd: 1199, priceRub: 94721, count: 1 });
    for (const forged of [{ priceUsd: 0.01 }, { priceRub: 1 }, { priceUsd: 10.989 }, { priceUsd: 11.99 }, { priceUsd: 1e300 }]) {
      const response = await add(user, addBody(product.id, forged));
      expect(response.status).toBe(409);
      expect(response.body.error.code).toBe('PRICE_CHANGED');
      expect(response.body.error.details).toEqual({
        current: [
          { price_usd: 10.99, price_rub: 868.21 },
          { price_usd: 11.99, price_rub: 947.21 },
        ],
      });
    }
    expect(await linesOf(user.id)).toEqual([]);
  });

  it('answers 404 for an unknown or inactive product and a region the product is not sold in', async () => {
    const user = await app.createUser();
    const inactive = await stockedProduct(1, { active: false });
    const product = await fixtures.product({ has_regions: true });
    const elsewhere = await fixtures.region();
    await fixtures.codes({ productId: product.id, regionId: elsewhere.id, gameAmount: 10, priceUsd: 1099, priceRub: 86821, count: 1 });
    for (const body of [addBody(999_999), addBody(inactive.id), addBody(product.id, { regionId: elsewhere.id })]) {
      const response = await add(user, body);
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('NOT_FOUND');
    }
    expect(await linesOf(user.id)).toEqual([]);
  });

  it('adds nothing of a product or region taken off sale, though its codes are still there', async () => {
    const user = await app.createUser();
    const noLongerGlobal = await stockedProduct(1, { has_global_codes: false });
    const regional = await fixtures.product({ has_regions: true });
    const closed = await fixtures.region({ is_active: false });
    await fixtures.linkRegion(regional.id, closed.id);
    await fixtures.codes({ productId: regional.id, regionId: closed.id, gameAmount: 10, priceUsd: 1099, priceRub: 86821, count: 1 });
    const noLongerRegional = await fixtures.product({ has_regions: false });
    const open = await fixtures.region();
    await fixtures.linkRegion(noLongerRegional.id, open.id);
    await fixtures.codes({ productId: noLongerRegional.id, regionId: open.id, gameAmount: 10, priceUsd: 1099, priceRub: 86821, count: 1 });

    expect((await add(user, addBody(noLongerGlobal.id))).body.error.code).toBe('OUT_OF_STOCK');
    for (const body of [addBody(regional.id, { regionId: closed.id }), addBody(noLongerRegional.id, { regionId: open.id })]) {
      expect((await add(user, body)).status).toBe(404);
    }
    expect(await linesOf(user.id)).toEqual([]);
  });

  it('holds no more than the most a line may, however large the stock', async () => {
    const user = await app.createUser();
    const product = await stockedProduct(CART_MAX_QUANTITY + 1);
    expect((await add(user, addBody(product.id, { quantity: CART_MAX_QUANTITY }))).body).toMatchObject({ capped: false, item: { quantity: CART_MAX_QUANTITY } });
    const beyond = await add(user, addBody(product.id, { quantity: 1 }));
    // The stock is counted only as far as a line can use it.
    expect(beyond.body).toMatchObject({ capped: true, item: { quantity: CART_MAX_QUANTITY, available_count: CART_MAX_QUANTITY } });
  });

  it('rejects malformed bodies and unknown fields with 400', async () => {
    const user = await app.createUser();
    const product = await stockedProduct(1);
    const bodies = [
      addBody(product.id, { quantity: 0 }),
      addBody(product.id, { quantity: 1001 }),
      addBody(product.id, { quantity: 1.5 }),
      addBody(product.id, { priceUsd: '10.99' }),
      addBody(product.id, { priceUsd: -1 }),
      addBody(product.id, { regionId: -1 }),
      addBody(product.id, { total: 0.01 }),
      { productId: product.id },
    ];
    for (const body of bodies) {
      const response = await add(user, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect(await linesOf(user.id)).toEqual([]);
  });
});

describe('PUT /api/cart/update-quantity/:id', () => {
  it('sets the quantity, capped at the stock', async () => {
    const user = await app.createUser();
    const product = await stockedProduct(4);
    const lineId = await fixtures.cartLine({ userId: user.id, productId: product.id, gameAmount: 10, priceUsd: 1099, priceRub: 86821, quantity: 1 });
    const put = (quantity: unknown) =>
      app.request('PUT', `/api/cart/update-quantity/${lineId}`, { token: user.token, body: { quantity } });

    const raised = await put(3);
    expect(raised.status).toBe(200);
    expect(raised.body).toMatchObject({ success: true, capped: false, data: [{ id: lineId, quantity: 3 }], subtotal: { usd: 32.97 } });
    const capped = await put(9);
    expect(capped.body).toMatchObject({ capped: true, data: [{ id: lineId, quantity: 4 }] });
    for (const invalid of [0, 1001, '2']) expect((await put(invalid)).status).toBe(400);
    expect((await linesOf(user.id))[0].quantity).toBe(4);
  });

  it("answers 404 for another user's line and an unknown one, and changes nothing", async () => {
    const owner = await app.createUser();
    const intruder = await app.createUser();
    const product = await stockedProduct(4);
    const lineId = await fixtures.cartLine({ userId: owner.id, productId: product.id, gameAmount: 10, priceUsd: 1099, priceRub: 86821, quantity: 1 });
    for (const id of [lineId, 987_654_321]) {
      const response = await app.request('PUT', `/api/cart/update-quantity/${id}`, { token: intruder.token, body: { quantity: 3 } });
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('NOT_FOUND');
    }
    expect((await linesOf(owner.id))[0].quantity).toBe(1);
    expect((await app.request('PUT', '/api/cart/update-quantity/abc', { token: owner.token, body: { quantity: 1 } })).status).toBe(400);
  });

  it('answers 409 OUT_OF_STOCK when the option sold out', async () => {
    const user = await app.createUser();
    const product = await fixtures.product();
    const lineId = await fixtures.cartLine({ userId: user.id, productId: product.id, gameAmount: 10, priceUsd: 1099, priceRub: 86821, quantity: 1 });
    const response = await app.request('PUT', `/api/cart/update-quantity/${lineId}`, { token: user.token, body: { quantity: 2 } });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('OUT_OF_STOCK');
  });
});

describe('DELETE /api/cart/remove/:id and POST /api/cart/clear', () => {
  it('removes one line and answers the rest of the cart', async () => {
    const user = await app.createUser();
    const product = await stockedProduct(4);
    const kept = await fixtures.cartLine({ userId: user.id, productId: product.id, gameAmount: 10, priceUsd: 1099, priceRub: 86821, quantity: 1 });
    const removed = await fixtures.cartLine({ userId: user.id, productId: product.id, gameAmount: 10, priceUsd: 1, priceRub: 1, quantity: 1 });
    const response = await app.request('DELETE', `/api/cart/remove/${removed}`, { token: user.token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, data: [{ id: kept }], subtotal: { usd: 10.99, rub: 868.21 } });
    expect((await app.request('DELETE', `/api/cart/remove/${removed}`, { token: user.token })).status).toBe(404);
  });

  it("answers 404 for another user's line and keeps it", async () => {
    const owner = await app.createUser();
    const intruder = await app.createUser();
    const product = await stockedProduct(1);
    const lineId = await fixtures.cartLine({ userId: owner.id, productId: product.id, gameAmount: 10, priceUsd: 1099, priceRub: 86821, quantity: 1 });
    const response = await app.request('DELETE', `/api/cart/remove/${lineId}`, { token: intruder.token });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('NOT_FOUND');
    expect(await linesOf(owner.id)).toHaveLength(1);
  });

  it("clears the user's own cart only", async () => {
    const user = await app.createUser();
    const neighbour = await app.createUser();
    const product = await stockedProduct(2);
    for (const owner of [user, neighbour]) {
      await fixtures.cartLine({ userId: owner.id, productId: product.id, gameAmount: 10, priceUsd: 1099, priceRub: 86821, quantity: 1 });
    }
    const response = await app.request('POST', '/api/cart/clear', { token: user.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, data: [], subtotal: { usd: 0, rub: 0 } });
    expect(await linesOf(user.id)).toEqual([]);
    expect(await linesOf(neighbour.id)).toHaveLength(1);
    expect((await app.request('POST', '/api/cart/clear', { token: user.token, body: { all: true } })).status).toBe(400);
  });
});
