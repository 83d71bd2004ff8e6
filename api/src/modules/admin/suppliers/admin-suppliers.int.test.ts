import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCodeCrypto } from '@topup/server-kit';
import { createLogger } from '../../../logger';
import { createSeagmProvider, SandboxGameProvider } from '../../../providers/game';
import { auditRowsOf, contentRange, expectAdminOnly, listPath } from '../../../testing/admin-api';
import { createFixtures } from '../../../testing/fixtures';
import { startTestApp, type TestApp, type TestUser } from '../../../testing/harness';
import { startSeagmStandIn, type SeagmStandIn } from '../../../testing/seagm-stand-in';
import { createFulfilmentService } from '../../fulfilment/fulfilment.service';
import { SupplierOrderPendingError } from '../../fulfilment/supplier-credit';
import { runCatalogueSync } from '../../suppliers/supplier-catalogue';

const UID = '10000';
const SECRET = 'suppliers-admin-test-secret';
const logger = createLogger('silent', 'admin-suppliers-test');

let app: TestApp;
let seagm: SeagmStandIn;
let admin: TestUser;
let shopper: TestUser;
let fixtures: ReturnType<typeof createFixtures>;
let seagmId: number;
let sandboxId: number;

beforeAll(async () => {
  seagm = await startSeagmStandIn({
    uid: UID,
    secret: SECRET,
    categories: [
      { id: 1, name: 'PUBG Mobile' },
      { id: 2, name: 'Moon Legends' },
    ],
    types: [
      { id: 101, categoryId: 1, name: '60 UC', unitPrice: 0.86, currency: 'USD', fields: [{ name: 'user_id', label: 'User ID' }] },
      { id: 102, categoryId: 1, name: '325 UC', unitPrice: 4.3, currency: 'USD', fields: [{ name: 'user_id', label: 'User ID' }] },
      { id: 201, categoryId: 2, name: '60 Gems', unitPrice: 1.1, currency: 'USD', fields: [{ name: 'account', label: 'Account' }] },
    ],
    credits: 1000,
  });
  app = await startTestApp({ seagm: { apiUrl: seagm.url, uid: UID, secret: SECRET } });
  seagm.setCallbackUrl(`${app.baseUrl}/api/suppliers/seagm/callback`);
  admin = await app.createUser({ role: 'admin' });
  shopper = await app.createUser();
  fixtures = createFixtures(app.db, app.config.codesKey);
  seagmId = (await app.db('suppliers').where({ kind: 'seagm' }).first('id')).id;
  sandboxId = (await app.db('suppliers').where({ kind: 'sandbox' }).first('id')).id;
});

afterAll(async () => {
  await app?.close();
  await seagm?.close();
});

const asAdmin = (method: string, path: string, body?: unknown) => app.request(method, path, { token: admin.token, body });

describe('access', () => {
  it('answers 401 without a token and 403 to a shopper on every route, changing nothing', async () => {
    await expectAdminOnly(app, shopper, [
      { method: 'GET', path: '/api/admin/suppliers' },
      { method: 'GET', path: `/api/admin/suppliers/${seagmId}` },
      { method: 'PUT', path: `/api/admin/suppliers/${seagmId}`, body: { active: false, priority: 1, lowBalanceThreshold: null } },
      { method: 'POST', path: `/api/admin/suppliers/${seagmId}/catalogue-sync` },
      { method: 'GET', path: '/api/admin/supplier-products' },
      { method: 'GET', path: '/api/admin/supplier-products/1' },
    ]);
  });
});

describe('suppliers', () => {
  it('lists the suppliers set up, changes one (audited), and refuses to activate one without settings', async () => {
    const page = await asAdmin('GET', listPath('/api/admin/suppliers', { sort: ['id', 'ASC'] }));
    expect(page.status).toBe(200);
    expect(contentRange(page.headers)).toMatchObject({ resource: 'suppliers', total: 2 });
    expect(page.body).toEqual([
      { id: sandboxId, kind: 'sandbox', name: 'Sandbox', active: true, priority: 1, configured: true, balance: null, balanceCurrency: null, balanceCheckedAt: null, lowBalanceThreshold: null },
      { id: seagmId, kind: 'seagm', name: 'SEAGM', active: true, priority: 1, configured: true, balance: null, balanceCurrency: null, balanceCheckedAt: null, lowBalanceThreshold: null },
    ]);

    const changed = await asAdmin('PUT', `/api/admin/suppliers/${seagmId}`, { ...page.body[1], active: false, priority: 3, lowBalanceThreshold: 150.5 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: seagmId, active: false, priority: 3, lowBalanceThreshold: 150.5 });
    expect(await app.db('suppliers').where({ id: seagmId }).first('active', 'priority', 'low_balance_threshold')).toEqual({ active: false, priority: 3, low_balance_threshold: 15_050 });
    expect((await asAdmin('GET', `/api/admin/suppliers/${seagmId}`)).body).toEqual(changed.body);
    const restored = await asAdmin('PUT', `/api/admin/suppliers/${seagmId}`, { active: true, priority: 1, lowBalanceThreshold: null });
    expect(restored.body).toMatchObject({ active: true, priority: 1, lowBalanceThreshold: null });
    const audits = await auditRowsOf(app, 'supplier', seagmId);
    expect(audits.map((row) => [row.action, row.actor_id, row.before.active, row.after.active, row.after.priority])).toEqual([
      ['supplier.update', admin.id, true, false, 3],
      ['supplier.update', admin.id, false, true, 1],
    ]);

    // MooGold's row from a start when its settings were present; this store has none now.
    const [moogold] = await app.db('suppliers').insert({ kind: 'moogold', name: 'MooGold', active: false }).returning('id');
    const refused = await asAdmin('PUT', `/api/admin/suppliers/${moogold.id}`, { active: true, priority: 2, lowBalanceThreshold: null });
    expect([refused.status, refused.body.error.code, refused.body.error.message]).toEqual([409, 'CONFLICT', 'MooGold cannot be activated: its settings are not present on this store']);
    expect(await app.db('suppliers').where({ id: moogold.id }).first('active', 'priority')).toEqual({ active: false, priority: 1 });
    expect((await asAdmin('GET', `/api/admin/suppliers/${moogold.id}`)).body).toMatchObject({ configured: false, active: false });
    const syncRefused = await asAdmin('POST', `/api/admin/suppliers/${moogold.id}/catalogue-sync`);
    expect([syncRefused.status, syncRefused.body.error.code]).toEqual([409, 'CONFLICT']);
    expect((await asAdmin('POST', `/api/admin/suppliers/${sandboxId}/catalogue-sync`)).status).toBe(409);
    await app.db('suppliers').where({ id: moogold.id }).delete();

    for (const body of [{ active: true, priority: 0, lowBalanceThreshold: null }, { active: true, priority: 1, lowBalanceThreshold: 1.005 }, { active: true, priority: 1 }]) {
      const invalid = await asAdmin('PUT', `/api/admin/suppliers/${seagmId}`, body);
      expect({ body, status: invalid.status, code: invalid.body.error?.code }).toEqual({ body, status: 400, code: 'VALIDATION_FAILED' });
    }
    expect((await asAdmin('GET', '/api/admin/suppliers/999999')).status).toBe(404);
  });
});

describe('catalogue', () => {
  it("queues the import (202, audited) and the job brings SEAGM's products, filtered by supplier, game and text", async () => {
    const requested = await asAdmin('POST', `/api/admin/suppliers/${seagmId}/catalogue-sync`);
    expect([requested.status, requested.body]).toEqual([202, { supplierId: seagmId }]);
    const outbox = await app.db('outbox').where({ queue: 'supplier-catalogue' }).select('job_name', 'payload');
    expect(outbox).toEqual([{ job_name: 'sync-catalogue', payload: { supplierId: seagmId } }]);
    expect((await auditRowsOf(app, 'supplier', seagmId)).at(-1)).toMatchObject({ action: 'supplier.catalogue_sync', actor_id: admin.id });

    // PUBG titled as the demo store titles it: SEAGM's "PUBG Mobile …" products are still PUBG's, by its slug.
    await app.db('products').where({ slug: 'pubg' }).update({ title: 'UC для PUBG Mobile' });
    // What the supplier-catalogue worker does with the job (workers/src/processors/supplier-catalogue.processor.ts).
    expect(await runCatalogueSync(app.db, { seagm: createSeagmProvider({ settings: app.config.seagm, logger }) }, seagmId)).toBe(3);

    const all = await asAdmin('GET', listPath('/api/admin/supplier-products', { filter: { supplierId: seagmId }, sort: ['externalId', 'ASC'] }));
    expect(contentRange(all.headers)).toMatchObject({ resource: 'supplier-products', total: 3 });
    expect(all.body).toEqual([
      { id: expect.any(Number), supplierId: seagmId, externalId: '101', game: 'pubg', name: 'PUBG Mobile 60 UC', fields: [{ name: 'user_id', label: 'User ID' }], cost: 0.86, costCurrency: 'USD', available: true },
      { id: expect.any(Number), supplierId: seagmId, externalId: '102', game: 'pubg', name: 'PUBG Mobile 325 UC', fields: [{ name: 'user_id', label: 'User ID' }], cost: 4.3, costCurrency: 'USD', available: true },
      { id: expect.any(Number), supplierId: seagmId, externalId: '201', game: null, name: 'Moon Legends 60 Gems', fields: [{ name: 'account', label: 'Account' }], cost: 1.1, costCurrency: 'USD', available: true },
    ]);
    const names = async (filter: unknown) => (await asAdmin('GET', listPath('/api/admin/supplier-products', { filter }))).body.map((product: { name: string }) => product.name);
    expect(await names({ supplierId: seagmId, game: 'pubg', q: '60' })).toEqual(['PUBG Mobile 60 UC']);
    expect(await names({ q: 'gems' })).toEqual(['Moon Legends 60 Gems']);
    const pubgId = (await app.db('games as g').join('products as p', 'p.id', 'g.product_id').where('p.slug', 'pubg').first('g.id')).id;
    expect(await names({ gameId: pubgId, q: '325' })).toEqual(['PUBG Mobile 325 UC']);
    expect(await names({ supplierId: sandboxId })).toEqual([]);
    expect(await names({ id: [all.body[1].id] })).toEqual(['PUBG Mobile 325 UC']);
    expect((await asAdmin('GET', `/api/admin/supplier-products/${all.body[0].id}`)).body).toEqual(all.body[0]);
    expect((await asAdmin('GET', listPath('/api/admin/supplier-products', { filter: { supplierId: 'two' } }))).status).toBe(400);
  });
});

describe("an order's delivery", () => {
  it('shows the supplier, our reference, their order id, the status and the cost of the latest attempt', async () => {
    await fixtures.usdRubRate('79');
    const pkg = await fixtures.pubgPackage({ priceUsd: 99, priceRub: 7_900, ucAmount: 60 });
    const product = await app.db('supplier_products').where({ supplier_id: seagmId, external_id: '101' }).first('id');
    await app.db('game_denomination_sources').where({ denomination_id: pkg.id }).delete();
    await app.db('game_denomination_sources').insert({ denomination_id: pkg.id, kind: 'supplier', supplier_product_id: product.id, priority: 1 });
    const buyer = await app.createUser();
    await fixtures.fundBalance(buyer.id, 'usd', 10_000);
    const bought = await app.request('POST', '/api/orders/topup', {
      token: buyer.token,
      body: { currency: 'usd', topupData: { service: 'pubg', player_id: '5123457', offer_id: -1, price_usd: 0.99, price_rub: 0, packages: [{ denomination_id: pkg.id, quantity: 1 }] } },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const orderId = bought.body.orderId as number;
    const fulfilment = createFulfilmentService({
      db: app.db,
      logger,
      games: new SandboxGameProvider({ redis: app.redis, prefix: app.config.redisPrefix }),
      suppliers: { seagm: createSeagmProvider({ settings: app.config.seagm, logger }) },
      codeCrypto: createCodeCrypto(app.config.codesKey),
    });
    await expect(fulfilment.fulfilOrder(orderId)).rejects.toBeInstanceOf(SupplierOrderPendingError);

    const itemOf = async () => (await asAdmin('GET', `/api/admin/orders/${orderId}`)).body.items[0];
    const pending = await itemOf();
    const [sent] = seagm.orders.filter((order) => order.fields.user_id === '5123457');
    expect(pending.delivery).toEqual({ supplier: 'SEAGM', reference: `${pending.id}-1`, supplierOrderId: String(sent!.id), status: 'pending', cost: 0.86, costCurrency: 'USD' });

    expect(await seagm.finish(sent!.mchOrderId, 10003)).toBe('success');
    expect((await itemOf()).delivery).toMatchObject({ reference: `${pending.id}-1`, status: 'succeeded', cost: 0.86, costCurrency: 'USD' });

  });
});
