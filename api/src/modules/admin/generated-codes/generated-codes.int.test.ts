import { beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../logger';
import { auditRowsOf, contentRange, expectAdminOnly, listPath, startAdminTestApp } from '../../../testing/admin-api';
import { createCodeCrypto } from '@topup/server-kit';
import { createCodeGenerationService } from '../../code-generation/code-generation.service';

const app = startAdminTestApp();
let productId: number;

const BASE = '/api/admin/generated-codes';

beforeAll(async () => {
  // The Free Fire game's product, which every store has.
  productId = (await app.db('products').where({ slug: 'freefire' }).first('id')).id;
});

/** Generates a request's codes the way the worker does, in the calling test. */
async function generateNow(requestId: string) {
  const generation = createCodeGenerationService({
    db: app.db,
    codeCrypto: createCodeCrypto(app.config.codesKey),
    logger: createLogger('silent', 'generation-test'),
  });
  return generation.generate(requestId);
}

async function requestCodes(count: number, denominationId?: number) {
  const offer = denominationId ?? (await app.fixtures.freefireOffer({ priceUsd: 299, priceRub: 23_621, gameAmount: 310 })).id;
  const response = await app.asAdmin('POST', `${BASE}/generate`, { denominationId: offer, count });
  expect(response.status).toBe(202);
  return { denominationId: offer, requestId: response.body.id as string };
}

describe('access', () => {
  it('answers 401 without a token and 403 to a shopper on every route, changing nothing', async () => {
    const offer = await app.fixtures.freefireOffer({ priceUsd: 99, priceRub: 7821 });
    const requestId = '00000000-0000-4000-8000-000000000000';
    await expectAdminOnly(app, app.shopper, [
      { method: 'GET', path: BASE },
      { method: 'GET', path: `${BASE}/1` },
      { method: 'DELETE', path: `${BASE}/1` },
      { method: 'POST', path: `${BASE}/generate`, body: { denominationId: offer.id, count: 5 } },
      { method: 'GET', path: `${BASE}/requests` },
      { method: 'GET', path: `${BASE}/requests/${requestId}` },
      { method: 'POST', path: `${BASE}/publish`, body: { generationRequestId: requestId, published: true } },
    ]);
    expect(await app.db('code_generation_requests').where({ denomination_id: offer.id }).count('* as n').first()).toEqual({ n: 0 });
  });
});

describe('POST /generate', () => {
  it('records the request and queues its job in one go (202)', async () => {
    const offer = await app.fixtures.freefireOffer({ priceUsd: 499, priceRub: 39_421, gameAmount: 520 });
    const response = await app.asAdmin('POST', `${BASE}/generate`, { denominationId: offer.id, count: 250 });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), denominationId: offer.id, count: 250, generated: 0, status: 'queued' });

    const requestId = response.body.id;
    const outbox = await app.db('outbox').where({ queue: 'code-generation' }).whereRaw(`payload->>'requestId' = ?`, [requestId]);
    expect(outbox.map((row) => [row.job_name, row.payload])).toEqual([
      ['generate-codes', { requestId, denominationId: offer.id, count: 250 }],
    ]);
    expect(await app.db('code_generation_requests').where({ id: requestId }).first('count', 'generated', 'status', 'requested_by')).toEqual({
      count: 250,
      generated: 0,
      status: 'queued',
      requested_by: app.admin.id,
    });
    const [audit] = await auditRowsOf(app, 'code_generation_request', requestId);
    expect(audit).toMatchObject({ action: 'code_generation_request.create', actor_id: app.admin.id });

    const progress = await app.asAdmin('GET', `${BASE}/requests/${requestId}`);
    expect(progress.status).toBe(200);
    expect(progress.body).toMatchObject({ id: requestId, denominationId: offer.id, count: 250, generated: 0, status: 'queued', error: null, finishedAt: null });
  });

  it('refuses a bad count or denomination with a 400 naming the field, recording nothing', async () => {
    const offer = await app.fixtures.freefireOffer({ priceUsd: 99, priceRub: 7821 });
    const before = await app.db('code_generation_requests').count('* as n').first();
    for (const [body, field] of [
      [{ denominationId: offer.id, count: 0 }, 'count'],
      [{ denominationId: offer.id, count: 100_001 }, 'count'],
      [{ denominationId: offer.id, count: 2.5 }, 'count'],
      [{ denominationId: offer.id }, 'count'],
      [{ count: 5 }, 'denominationId'],
      [{ denominationId: '1', count: 5 }, 'denominationId'],
      [{ denominationId: offer.id, count: 5, published: true }, 'published'],
    ] as const) {
      const response = await app.asAdmin('POST', `${BASE}/generate`, body);
      expect({ body, status: response.status, code: response.body.error?.code }).toEqual({ body, status: 400, code: 'VALIDATION_FAILED' });
      expect(response.body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
    }
    expect(await app.db('code_generation_requests').count('* as n').first()).toEqual(before);
  });

  it('needs the denomination and the Free Fire product to be found', async () => {
    const missing = await app.asAdmin('POST', `${BASE}/generate`, { denominationId: 2_000_000_000, count: 5 });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: 'NOT_FOUND', message: 'Free Fire denomination not found' });

    const offer = await app.fixtures.freefireOffer({ priceUsd: 99, priceRub: 7821 });
    await app.db('products').where({ id: productId }).update({ slug: 'freefire-renamed' });
    try {
      const noProduct = await app.asAdmin('POST', `${BASE}/generate`, { denominationId: offer.id, count: 5 });
      expect(noProduct.status).toBe(404);
      expect(noProduct.body.error.message).toMatch(/Free Fire product not found/);
    } finally {
      await app.db('products').where({ id: productId }).update({ slug: 'freefire' });
    }
    expect(await app.db('code_generation_requests').where({ denomination_id: offer.id }).count('* as n').first()).toEqual({ n: 0 });
  });
});

describe('lists', () => {
  it('lists codes of a request, masked, with the list protocol', async () => {
    const { requestId, denominationId } = await requestCodes(30);
    await generateNow(requestId);

    const page = await app.asAdmin('GET', listPath(BASE, { filter: { generationRequestId: requestId }, sort: ['id', 'ASC'], range: [0, 9] }));
    expect(page.status).toBe(200);
    expect(contentRange(page.headers)).toEqual({ resource: 'generated-codes', start: 0, end: 9, total: 30 });
    expect(page.body).toHaveLength(10);
    expect(page.body[0]).toEqual({
      id: expect.any(Number),
      denominationId,
      denominationName: expect.any(String),
      productId,
      code: expect.stringMatching(/^[A-Z2-9]{3}••••••[A-Z2-9]{4}$/),
      gameAmount: 310,
      priceUsd: 2.99,
      priceRub: 236.21,
      status: 'available',
      published: false,
      generationRequestId: requestId,
      orderId: null,
      activatedPlayerId: null,
      createdAt: expect.any(String),
    });
    const one = await app.asAdmin('GET', `${BASE}/${page.body[0].id}`);
    expect(one.body).toEqual(page.body[0]);

    const requests = await app.asAdmin('GET', listPath(`${BASE}/requests`, { filter: { id: [requestId] } }));
    expect(contentRange(requests.headers)).toMatchObject({ resource: 'generation-requests', total: 1 });
    expect(requests.body[0]).toMatchObject({ id: requestId, count: 30, generated: 30, status: 'completed', finishedAt: expect.any(String) });
  });

  it('refuses unknown or mistyped filters and sorts with a 400', async () => {
    for (const path of [
      listPath(BASE, { filter: { code: 'ABCD' } }),
      listPath(BASE, { filter: { published: 'yes' } }),
      listPath(BASE, { filter: { status: 'sold' } }),
      listPath(BASE, { filter: { generationRequestId: 'not-a-uuid' } }),
      listPath(BASE, { sort: ['code', 'ASC'] }),
      listPath(`${BASE}/requests`, { filter: { id: [1] } }),
    ]) {
      const response = await app.asAdmin('GET', path);
      expect({ path, status: response.status }).toEqual({ path, status: 400 });
    }
    expect((await app.asAdmin('GET', `${BASE}/requests/not-a-uuid`)).status).toBe(400);
    expect((await app.asAdmin('GET', `${BASE}/requests/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await app.asAdmin('GET', `${BASE}/999999999`)).status).toBe(404);
  });
});

describe('publishing', () => {
  it('shows only published codes to shoppers, and changes available codes only', async () => {
    const { requestId } = await requestCodes(12);
    await generateNow(requestId);
    const options = async () => (await app.request('GET', `/api/products/${productId}/codes/0`)).body as Array<Record<string, number>>;
    const option = async () => (await options()).find((entry) => entry.game_amount === 310 && entry.price_usd === 2.99);
    expect(await option()).toBeUndefined();

    const published = await app.asAdmin('POST', `${BASE}/publish`, { generationRequestId: requestId, published: true });
    expect(published.body).toEqual({ updated: 12 });
    expect((await option())?.available_count).toBe(12);
    // Already published: nothing changes, and nothing is audited twice.
    expect((await app.asAdmin('POST', `${BASE}/publish`, { generationRequestId: requestId, published: true })).body).toEqual({ updated: 0 });

    const ids: number[] = (await app.db('stock_codes').where({ source: 'generated' }).where({ generation_request_id: requestId }).orderBy('number').pluck('number')).map(Number);
    // A sold code keeps its state whatever is asked.
    const [order] = await app.db('orders')
      .insert({ user_id: app.shopper.id, status: 'completed', kind: 'codes', payment_method: 'balance', currency: 'usd', total: 299, total_usd: 299, rate_usd_rub: '79' })
      .returning('id');
    await app.db('stock_codes').where({ source: 'generated' }).where({ number: ids[0] }).update({ status: 'used', order_id: order.id, sold_at: app.db.fn.now() });

    const withdrawn = await app.asAdmin('POST', `${BASE}/publish`, { ids: ids.slice(0, 4), published: false });
    expect(withdrawn.body).toEqual({ updated: 3 });
    expect((await option())?.available_count).toBe(8);
    expect(await app.db('stock_codes').where({ source: 'generated' }).where({ number: ids[0] }).first('published', 'status')).toEqual({ published: true, status: 'used' });

    const audits = await app.db('audit_log').whereIn('action', ['generated_code.publish', 'generated_code.unpublish']).orderBy('id');
    expect(audits.filter((row) => row.action === 'generated_code.publish' && row.entity_id === requestId)).toHaveLength(1);
    expect(audits.at(-1)).toMatchObject({ action: 'generated_code.unpublish', actor_id: app.admin.id });
  });

  it('needs the codes named by ids or by request', async () => {
    for (const body of [{ published: true }, { ids: [], published: true }, { ids: [1], published: 'yes' }, { generationRequestId: 'x', published: true }]) {
      const response = await app.asAdmin('POST', `${BASE}/publish`, body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
    }
  });
});

describe('DELETE /:id', () => {
  it('deletes an available code and refuses a sold one with 409', async () => {
    const { requestId } = await requestCodes(2);
    await generateNow(requestId);
    const [first, second] = (await app.db('stock_codes').where({ source: 'generated' }).where({ generation_request_id: requestId }).orderBy('number').pluck('number')).map(Number);

    const deleted = await app.asAdmin('DELETE', `${BASE}/${first}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: first, status: 'available', code: expect.stringMatching(/^[A-Z2-9]{3}••••••/) });
    expect(await app.db('stock_codes').where({ source: 'generated' }).where({ number: first }).first()).toBeUndefined();
    expect(await auditRowsOf(app, 'generated_code', first!)).toEqual([expect.objectContaining({ action: 'generated_code.delete', after: null })]);

    const [order] = await app.db('orders')
      .insert({ user_id: app.shopper.id, status: 'completed', kind: 'codes', payment_method: 'balance', currency: 'usd', total: 299, total_usd: 299, rate_usd_rub: '79' })
      .returning('id');
    await app.db('stock_codes').where({ source: 'generated' }).where({ number: second }).update({ status: 'used', order_id: order.id });
    const refused = await app.asAdmin('DELETE', `${BASE}/${second}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'CONFLICT', message: 'Only an available code can be deleted; this one is used' });
    expect(await app.db('stock_codes').where({ source: 'generated' }).where({ number: second }).first('number as id')).toBeDefined();
  });
});
