import { describe, expect, it } from 'vitest';
import { auditCount, auditRowsOf, contentRange, expectAdminOnly, listPath, startAdminTestApp } from '../../../testing/admin-api';

const app = startAdminTestApp();

const BASE = '/api/admin/support-messages';

async function message(fields: { message: string; nickname?: string; contact?: string; userId?: number | null; createdAt?: string }) {
  const [row] = await app
    .db('support_messages')
    .insert({
      user_id: fields.userId ?? null,
      nickname: fields.nickname ?? 'visitor',
      contact: fields.contact ?? '',
      message: fields.message,
      ...(fields.createdAt ? { created_at: fields.createdAt, updated_at: fields.createdAt } : {}),
    })
    .returning<{ id: number }[]>('id');
  return row!.id;
}

const list = (params: { sort?: unknown; range?: unknown; filter?: unknown } = {}) => app.asAdmin('GET', listPath(BASE, params));
const idsOf = (body: Array<{ id: number }>) => body.map((row) => row.id);

describe('the support inbox API', () => {
  it('is for admins only', async () => {
    const id = await message({ message: 'Only admins read this' });
    await expectAdminOnly(app, app.shopper, [
      { method: 'GET', path: BASE },
      { method: 'GET', path: `${BASE}/${id}` },
      { method: 'PUT', path: `${BASE}/${id}`, body: { status: 'closed' } },
      { method: 'POST', path: `${BASE}/${id}/replies`, body: { message: 'Hi' } },
    ]);
    expect(await app.db('support_messages').where({ id }).first()).toMatchObject({ status: 'open', read_at: null });
  });

  it('lists messages newest first in the list protocol, with filters by status, unread, writer and text', async () => {
    const buyer = await app.createUser();
    const older = await message({ message: 'Code did not work', nickname: 'buyer', contact: 'buyer@example.com', userId: buyer.id, createdAt: '2026-01-01T10:00:00Z' });
    const newer = await message({ message: 'Where is my UC?', nickname: 'guest', contact: '@guest_tg', createdAt: '2026-01-02T10:00:00Z' });
    await app.db('support_messages').where({ id: newer }).update({ read_at: app.db.fn.now() });

    const all = await list({ filter: { id: [older, newer] } });
    expect(all.status).toBe(200);
    expect(contentRange(all.headers)).toEqual({ resource: 'support-messages', start: 0, end: 1, total: 2 });
    expect(all.body).toEqual([
      expect.objectContaining({ id: newer, status: 'open', nickname: 'guest', userId: null, userNickname: null, contact: '@guest_tg', readAt: expect.any(String) }),
      {
        id: older,
        status: 'open',
        nickname: 'buyer',
        userId: buyer.id,
        userNickname: buyer.nickname,
        contact: 'buyer@example.com',
        message: 'Code did not work',
        createdAt: '2026-01-01T10:00:00.000Z',
        updatedAt: '2026-01-01T10:00:00.000Z',
        readAt: null,
        closedAt: null,
      },
    ]);

    const ids = [older, newer];
    expect(idsOf((await list({ filter: { id: ids, unread: true } })).body)).toEqual([older]);
    expect(idsOf((await list({ filter: { id: ids, unread: false } })).body)).toEqual([newer]);
    expect(idsOf((await list({ filter: { id: ids, userId: buyer.id } })).body)).toEqual([older]);
    expect(idsOf((await list({ filter: { id: ids, q: 'GUEST_tg' } })).body)).toEqual([newer]);
    expect(idsOf((await list({ filter: { id: ids, q: 'did not' } })).body)).toEqual([older]);
    expect(idsOf((await list({ filter: { q: `#${older}` } })).body)).toEqual([older]);
    expect(idsOf((await list({ filter: { id: ids, status: 'answered' } })).body)).toEqual([]);
    expect(idsOf((await list({ filter: { id: ids }, sort: ['createdAt', 'ASC'] })).body)).toEqual([older, newer]);

    const page = await list({ filter: { id: ids }, range: [1, 1] });
    expect(contentRange(page.headers)).toEqual({ resource: 'support-messages', start: 1, end: 1, total: 2 });
    expect(idsOf(page.body)).toEqual([older]);
  });

  it.each([
    [{ filter: { status: 'new' } }, 'filter.status'],
    [{ filter: { unread: 'maybe' } }, 'filter.unread'],
    [{ filter: { colour: 'red' } }, 'filter.colour'],
    [{ sort: ['message', 'ASC'] }, 'sort'],
  ])('answers a bad list query %j with 400 naming %s', async (params, field) => {
    const response = await list(params);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_FAILED');
    expect(response.body.error.details).toEqual([expect.objectContaining({ field })]);
  });

  it('marks a message read when an admin first opens it, audited once, and shows the writer’s recent orders', async () => {
    const buyer = await app.createUser();
    const [order] = await app
      .db('orders')
      .insert({ user_id: buyer.id, status: 'completed', kind: 'codes', payment_method: 'balance', currency: 'rub', total: 89_800, total_usd: 1_137, rate_usd_rub: '79' })
      .returning<{ id: number }[]>('id');
    const id = await message({ message: 'Please check my order', userId: buyer.id, nickname: buyer.nickname });

    const first = await app.asAdmin('GET', `${BASE}/${id}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id, status: 'open', readAt: expect.any(String), replies: [] });
    expect(first.body.recentOrders).toEqual([{ id: order!.id, status: 'completed', total: 898, currency: 'rub', createdAt: expect.any(String) }]);
    const readAt = first.body.readAt;

    const again = await app.asAdmin('GET', `${BASE}/${id}`);
    expect(again.body.readAt).toBe(readAt);
    const audit = await auditRowsOf(app, 'support_message', id);
    expect(audit).toEqual([expect.objectContaining({ action: 'support_message.read', actor_id: app.admin.id })]);
    expect(audit[0].before).toMatchObject({ readAt: null });
    expect(audit[0].after).toMatchObject({ readAt });

    // A visitor's message has no orders to show.
    const visitor = await message({ message: 'No account here' });
    expect((await app.asAdmin('GET', `${BASE}/${visitor}`)).body.recentOrders).toEqual([]);
  });

  it('replies: the message becomes answered and read, the reply is in the thread and the audit log', async () => {
    const id = await message({ message: 'Refund please' });
    const response = await app.asAdmin('POST', `${BASE}/${id}/replies`, { message: '  Refunded to your balance.  ' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      id,
      status: 'answered',
      readAt: expect.any(String),
      replies: [{ id: expect.any(Number), message: 'Refunded to your balance.', authorId: app.admin.id, authorNickname: app.admin.nickname, createdAt: expect.any(String) }],
    });
    expect(response.body.updatedAt > response.body.createdAt).toBe(true);
    const [reply] = await auditRowsOf(app, 'support_message', id);
    expect(reply).toMatchObject({ action: 'support_message.reply', actor_id: app.admin.id });
    expect(reply.before).toMatchObject({ status: 'open', readAt: null });
    expect(reply.after).toMatchObject({ status: 'answered', reply: 'Refunded to your balance.', replyId: response.body.replies[0].id });
  });

  it('closes and reopens, marks unread and read again; the same state again changes and records nothing', async () => {
    const id = await message({ message: 'Thanks, all good' });
    await app.asAdmin('POST', `${BASE}/${id}/replies`, { message: 'Glad to help' });

    const closed = await app.asAdmin('PUT', `${BASE}/${id}`, { status: 'closed' });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ status: 'closed', closedAt: expect.any(String) });
    const auditAfterClose = await auditCount(app);
    expect((await app.asAdmin('PUT', `${BASE}/${id}`, { status: 'closed' })).body.closedAt).toBe(closed.body.closedAt);
    expect(await auditCount(app)).toBe(auditAfterClose);

    const unread = await app.asAdmin('PUT', `${BASE}/${id}`, { read: false });
    expect(unread.body).toMatchObject({ status: 'closed', readAt: null });
    const reopened = await app.asAdmin('PUT', `${BASE}/${id}`, { status: 'open', read: true });
    expect(reopened.body).toMatchObject({ status: 'open', closedAt: null, readAt: expect.any(String) });

    // A reply to a closed message answers it again.
    await app.asAdmin('PUT', `${BASE}/${id}`, { status: 'closed' });
    expect((await app.asAdmin('POST', `${BASE}/${id}/replies`, { message: 'One more thing' })).body).toMatchObject({ status: 'answered', closedAt: null });

    const actions = (await auditRowsOf(app, 'support_message', id)).map((row) => row.action);
    expect(actions).toEqual([
      'support_message.reply',
      'support_message.close',
      'support_message.mark_unread',
      'support_message.update',
      'support_message.close',
      'support_message.reply',
    ]);
  });

  it.each([
    ['PUT', {}],
    ['PUT', { status: 'answered' }],
    ['PUT', { read: 'yes' }],
    ['PUT', { status: 'closed', note: 'x' }],
    ['POST', {}],
    ['POST', { message: '   ' }],
    ['POST', { message: 'x'.repeat(4001) }],
  ])('refuses %s %j with 400 and changes nothing', async (method, body) => {
    const id = await message({ message: 'Unchanged' });
    const before = await auditCount(app);
    const path = method === 'PUT' ? `${BASE}/${id}` : `${BASE}/${id}/replies`;
    const response = await app.asAdmin(method, path, body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_FAILED');
    expect(await app.db('support_messages').where({ id }).first()).toMatchObject({ status: 'open', read_at: null });
    expect(await app.db('support_replies').where({ message_id: id })).toEqual([]);
    expect(await auditCount(app)).toBe(before);
  });

  it('answers 404 for a message that does not exist', async () => {
    const missing = 2_000_000_000;
    for (const [method, path, body] of [
      ['GET', `${BASE}/${missing}`, undefined],
      ['PUT', `${BASE}/${missing}`, { status: 'closed' }],
      ['POST', `${BASE}/${missing}/replies`, { message: 'Hello?' }],
    ] as const) {
      const response = await app.asAdmin(method, path, body);
      expect({ method, status: response.status, code: response.body.error?.code }).toEqual({ method, status: 404, code: 'NOT_FOUND' });
    }
  });
});
