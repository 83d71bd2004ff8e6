import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startTestApp, type TestApp } from '../../testing/harness';

let app: TestApp;

beforeAll(async () => {
  // Room for every message this file sends; the limit itself is tested on an app of its own.
  const { rateLimits } = loadConfig({ NODE_ENV: 'test' });
  app = await startTestApp({ rateLimits: { ...rateLimits, support: { points: 1000, durationSeconds: 600 } } });
});

afterAll(async () => {
  await app.close();
});

const send = (body: unknown, token?: string) => app.request('POST', '/api/support', { body, token });
const lastMessage = () => app.db('support_messages').orderBy('id', 'desc').first();

describe('POST /api/support', () => {
  it('stores a visitor’s message, trimmed, with the optional contact', async () => {
    const response = await send({ nickname: ' visitor ', userId: '', contact: ' @visitor ', message: '  Where is my order?  ' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ success: true });
    expect(await lastMessage()).toMatchObject({ user_id: null, nickname: 'visitor', contact: '@visitor', message: 'Where is my order?', status: 'open', read_at: null });
  });

  it("links a signed-in writer's message to their account, never to a claimed id", async () => {
    const user = await app.createUser();
    const other = await app.createUser();
    expect((await send({ nickname: user.nickname, userId: user.id, message: 'Hello' }, user.token)).status).toBe(201);
    expect(await lastMessage()).toMatchObject({ user_id: user.id, contact: '' });
    expect((await send({ nickname: 'someone', userId: other.id, message: 'Refund me' })).status).toBe(201);
    expect(await lastMessage()).toMatchObject({ user_id: null, nickname: 'someone' });
  });

  it.each([
    [{ userId: 1, message: 'hi' }],
    [{ nickname: 'a', userId: 1 }],
    [{ nickname: '   ', message: 'hi' }],
    [{ nickname: 'a', message: ' \n ' }],
    [{ nickname: 'a'.repeat(65), message: 'hi' }],
    [{ nickname: 'a', message: 'x'.repeat(4001) }],
    [{ nickname: 'a', message: 'hi', contact: 'c'.repeat(201) }],
    [{ nickname: 'a', message: 'hi', userId: 'u'.repeat(65) }],
    [{ nickname: 'a', message: 'hi', status: 'answered' }],
  ])('rejects %j with 400 and stores nothing', async (body) => {
    const before = await app.db('support_messages').count({ n: '*' }).first();
    const response = await send(body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_FAILED');
    expect(await app.db('support_messages').count({ n: '*' }).first()).toEqual(before);
  });

  it('accepts the longest allowed fields', async () => {
    const response = await send({ nickname: 'n'.repeat(64), userId: 'u'.repeat(64), contact: 'c'.repeat(200), message: 'm'.repeat(4000) });
    expect(response.status).toBe(201);
  });

  it('is rate limited per client: 429 once the limit is used up', async () => {
    const limited = await startTestApp({ rateLimits: { ...app.config.rateLimits, support: { points: 2, durationSeconds: 600 } } });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i += 1) {
        statuses.push((await limited.request('POST', '/api/support', { body: { nickname: 'spam', message: `#${i}` } })).status);
      }
      expect(statuses).toEqual([201, 201, 429]);
      expect(await limited.db('support_messages').count({ n: '*' }).first()).toEqual({ n: 2 });
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/support/messages', () => {
  const mine = (token?: string) => app.request('GET', '/api/support/messages', { token });

  it('needs a session', async () => {
    const response = await mine();
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('UNAUTHORIZED');
  });

  it("answers the shopper's own messages, newest first, with the support team's replies and never another's", async () => {
    const shopper = await app.createUser();
    const other = await app.createUser();
    const admin = await app.createUser({ role: 'admin' });
    expect(await mine(shopper.token)).toMatchObject({ status: 200, body: [] });

    await send({ nickname: shopper.nickname, message: 'First question' }, shopper.token);
    await send({ nickname: shopper.nickname, message: 'Second question' }, shopper.token);
    await send({ nickname: other.nickname, message: 'Not yours' }, other.token);
    // A message sent without the session is not linked, even under the same nickname.
    await send({ nickname: shopper.nickname, userId: shopper.id, message: 'Sent signed out' });

    const [second, first] = await app.db('support_messages').where({ user_id: shopper.id }).orderBy('id', 'desc').pluck('id');
    const reply = await app.request('POST', `/api/admin/support-messages/${first}/replies`, { token: admin.token, body: { message: 'Answered here' } });
    expect(reply.status).toBe(201);

    const response = await mine(shopper.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body).toEqual([
      { id: second, status: 'open', message: 'Second question', createdAt: expect.any(String), replies: [] },
      {
        id: first,
        status: 'answered',
        message: 'First question',
        createdAt: expect.any(String),
        replies: [{ id: expect.any(Number), message: 'Answered here', createdAt: expect.any(String) }],
      },
    ]);
  });
});
