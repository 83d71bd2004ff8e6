import { describe, expect, it } from 'vitest';
import { contentRange, expectAdminOnly, listPath, startAdminTestApp } from '../../../testing/admin-api';

const app = startAdminTestApp();

const BASE = '/api/admin/audit-log';

/** An audit row as an admin change writes it. */
async function audited(row: { actorId: number | null; action: string; entityId?: string | null; createdAt?: string; before?: unknown; after?: unknown }) {
  const [entity] = row.action.split('.');
  const [inserted] = await app
    .db('audit_log')
    .insert({
      actor_id: row.actorId,
      action: row.action,
      entity,
      entity_id: row.entityId ?? null,
      before: row.before === undefined ? null : JSON.stringify(row.before),
      after: row.after === undefined ? null : JSON.stringify(row.after),
      request_id: 'req-1',
      ...(row.createdAt ? { created_at: row.createdAt } : {}),
    })
    .returning('id');
  return Number(inserted.id);
}

describe('GET /api/admin/audit-log', () => {
  it('is for admins only', async () => {
    await expectAdminOnly(app, app.shopper, [
      { method: 'GET', path: BASE },
      { method: 'GET', path: `${BASE}/1` },
    ]);
  });

  it('lists the changes newest first with who made them, filtered by admin, entity, action, record and date', async () => {
    const other = await app.createUser({ role: 'admin' });
    const product = await audited({ actorId: app.admin.id, action: 'product.update', entityId: '12', createdAt: '2026-03-01T10:00:00Z', before: { title: 'A' }, after: { title: 'B' } });
    const refresh = await audited({ actorId: other.id, action: 'currency_rate.refresh_request', createdAt: '2026-03-02T10:00:00Z', after: { refreshRequestId: 'x' } });
    const job = await audited({ actorId: other.id, action: 'job.retry', entityId: 'fulfilment:7', createdAt: '2026-03-03T10:00:00Z', after: { queue: 'fulfilment', jobId: '7' } });
    const scheduled = await audited({ actorId: null, action: 'currency_rate.refresh', createdAt: '2026-03-03T11:00:00Z' });

    const all = await app.asAdmin('GET', listPath(BASE, { filter: { id: [product, refresh, job, scheduled] } }));
    expect(all.status).toBe(200);
    expect(contentRange(all.headers)).toEqual({ resource: 'audit-log', start: 0, end: 3, total: 4 });
    expect(all.body.map((row: { id: number }) => row.id)).toEqual([scheduled, job, refresh, product]);
    expect(all.body[3]).toEqual({
      id: product,
      actorId: app.admin.id,
      actorNickname: app.admin.nickname,
      action: 'product.update',
      entity: 'product',
      entityId: '12',
      before: { title: 'A' },
      after: { title: 'B' },
      requestId: 'req-1',
      createdAt: '2026-03-01T10:00:00.000Z',
    });
    expect(all.body[0]).toMatchObject({ actorId: null, actorNickname: null });
    expect((await app.asAdmin('GET', `${BASE}/${product}`)).body).toEqual(all.body[3]);
    expect((await app.asAdmin('GET', `${BASE}/999999999`)).status).toBe(404);

    const ids = async (filter: Record<string, unknown>) =>
      (await app.asAdmin('GET', listPath(BASE, { filter: { id: [product, refresh, job, scheduled], ...filter } }))).body.map((row: { id: number }) => row.id);
    expect(await ids({ actorId: other.id })).toEqual([job, refresh]);
    expect(await ids({ entity: 'currency_rate' })).toEqual([scheduled, refresh]);
    expect(await ids({ action: 'job.retry' })).toEqual([job]);
    expect(await ids({ entityId: '12' })).toEqual([product]);
    expect(await ids({ createdFrom: '2026-03-02', createdTo: '2026-03-02' })).toEqual([refresh]);
    expect(await ids({ createdFrom: '2026-03-03T10:30:00Z' })).toEqual([scheduled]);
    const oldestFirst = await app.asAdmin('GET', listPath(BASE, { filter: { id: [product, job] }, sort: ['createdAt', 'ASC'] }));
    expect(oldestFirst.body.map((row: { id: number }) => row.id)).toEqual([product, job]);

    for (const params of [{ filter: { actorId: 'me' } }, { filter: { createdFrom: 'last week' } }, { filter: { who: 1 } }, { sort: ['before', 'ASC'] }]) {
      const response = await app.asAdmin('GET', listPath(BASE, params));
      expect({ params, status: response.status, code: response.body.error?.code }).toEqual({ params, status: 400, code: 'VALIDATION_FAILED' });
    }
  });

  it('shows what an admin just did through the API', async () => {
    const user = await app.createUser();
    await app.asAdmin('POST', `/api/admin/users/${user.id}/notes`, { note: 'Prefers RUB' });
    const response = await app.asAdmin('GET', listPath(BASE, { filter: { entity: 'user', entityId: String(user.id) } }));
    expect(response.body).toEqual([expect.objectContaining({ action: 'user.note_add', actorId: app.admin.id, after: expect.objectContaining({ note: 'Prefers RUB' }) })]);
  });
});
