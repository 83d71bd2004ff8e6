import { Worker, type Job } from 'bullmq';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createCatalogueChanges, createLogger, createRedis, READ_BALANCES_JOB } from '@topup/api';
import type { QueuePayloads } from '@topup/common';
import { startSeagmStandIn, startTestApp, type SeagmStandIn, type TestApp, type TestUser } from '@topup/api/testing';
import { schedulesFor } from '../schedules';
import { createSupplierCatalogueProcessor } from './supplier-catalogue.processor';

const UID = '10000';
const SECRET = 'catalogue-job-test-secret';

let app: TestApp;
let seagm: SeagmStandIn;
let admin: TestUser;

beforeAll(async () => {
  seagm = await startSeagmStandIn({
    uid: UID,
    secret: SECRET,
    categories: [{ id: 1, name: 'PUBG Mobile' }],
    types: [
      { id: 101, categoryId: 1, name: '60 UC', unitPrice: 0.86, currency: 'USD', fields: [{ name: 'user_id', label: 'User ID' }] },
      { id: 102, categoryId: 1, name: '325 UC', unitPrice: 4.3, currency: 'USD', fields: [{ name: 'user_id', label: 'User ID' }] },
    ],
    credits: 1000,
  });
  app = await startTestApp({ seagm: { apiUrl: seagm.url, uid: UID, secret: SECRET } });
  admin = await app.createUser({ role: 'admin' });
});

afterAll(async () => {
  await app?.close();
  await seagm?.close();
});

it("an admin's catalogue sync runs as a supplier-catalogue job and SEAGM's products appear in the back office", async () => {
  const seagmId = (await app.db('suppliers').where({ kind: 'seagm' }).first('id')).id as number;
  const connection = createRedis(app.config.redisUrl, { forQueues: true });
  const logger = createLogger('silent', 'supplier-catalogue-test');
  const worker = new Worker<QueuePayloads['supplier-catalogue']>(
    'supplier-catalogue',
    createSupplierCatalogueProcessor({ config: app.config, db: app.db, logger, catalogueChanges: createCatalogueChanges(app.invalidations) }),
    { connection, prefix: app.config.redisPrefix },
  );
  try {
    const requested = await app.request('POST', `/api/admin/suppliers/${seagmId}/catalogue-sync`, { token: admin.token });
    expect(requested.status).toBe(202);
    const products = async () =>
      (await app.request('GET', `/api/admin/supplier-products?filter=${encodeURIComponent(JSON.stringify({ supplierId: seagmId }))}&sort=${encodeURIComponent('["externalId","ASC"]')}`, { token: admin.token })).body;
    await vi.waitFor(async () => expect(await products()).toHaveLength(2), { timeout: 30_000, interval: 200 });
    expect((await products()).map((product: { externalId: string; game: string | null; cost: number }) => [product.externalId, product.game, product.cost])).toEqual([
      ['101', 'pubg', 0.86],
      ['102', 'pubg', 4.3],
    ]);
  } finally {
    await worker.close();
    connection.disconnect();
  }
});

it("reads the suppliers' balances on their schedule, every SUPPLIER_BALANCE_SECONDS, as read-balances jobs of this processor", async () => {
  const schedule = schedulesFor({ ...app.config, supplierBalanceSeconds: 120 }).find((candidate) => candidate.id === 'supplier-balances');
  expect(schedule).toMatchObject({ queue: 'supplier-catalogue', jobName: READ_BALANCES_JOB, timing: { everyMs: 120_000 } });

  seagm.setCredits(432.1);
  const logger = createLogger('silent', 'supplier-balances-test');
  const process = createSupplierCatalogueProcessor({ config: app.config, db: app.db, logger, catalogueChanges: createCatalogueChanges(app.invalidations) });
  await process({ name: READ_BALANCES_JOB, data: schedule!.data } as Job<QueuePayloads['supplier-catalogue']>);
  expect(await app.db('suppliers').where({ kind: 'seagm' }).first('balance', 'balance_currency')).toEqual({ balance: 43_210, balance_currency: 'USD' });
});
