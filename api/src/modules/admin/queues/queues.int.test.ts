import { describe, expect, it } from 'vitest';
import { QUEUES } from '@topup/common';
import { openQueue } from '../../../lib/job-queues';
import { startAdminTestApp } from '../../../testing/admin-api';

const app = startAdminTestApp();

const PAGE = '/api/admin/queues';
const BOARD_API = '/api/admin/queues/api/queues?activeQueue=&status=latest&page=1';

/** Opens a dashboard session as the back office does; resolves to the cookie and its attributes. */
async function openSession(token: string) {
  const response = await fetch(`${app.baseUrl}/api/admin/queues/session`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  const [setCookie] = response.headers.getSetCookie();
  return { status: response.status, body: (await response.json()) as any, setCookie: setCookie ?? '', cookie: (setCookie ?? '').split(';')[0]! };
}

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${app.baseUrl}${path}`, { headers });

describe('the queue dashboard', () => {
  it('is closed without a session: 401, plain for the page and in the error format for its API', async () => {
    const page = await get(PAGE);
    expect(page.status).toBe(401);
    expect(page.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await page.text()).toBe('Open the queue dashboard from the back office');

    const api = await get(BOARD_API);
    expect(api.status).toBe(401);
    expect(await api.json()).toEqual({ error: { code: 'UNAUTHORIZED', message: 'Open the queue dashboard from the back office' } });

    expect((await get(`${PAGE}/static/favicon-32x32.png`)).status).toBe(401);
    expect((await get(PAGE, { cookie: 'queue_dashboard_session=forged.token.value' })).status).toBe(401);
  });

  it('is refused to a shopper: 403, and no session is handed out', async () => {
    const page = await get(PAGE, { authorization: `Bearer ${app.shopper.token}` });
    expect(page.status).toBe(403);
    expect(page.headers.get('content-type')).toMatch(/^text\/plain/);
    const api = await get(BOARD_API, { authorization: `Bearer ${app.shopper.token}` });
    expect(api.status).toBe(403);
    expect(((await api.json()) as any).error.code).toBe('FORBIDDEN');

    const session = await openSession(app.shopper.token);
    expect(session.status).toBe(403);
    expect(session.setCookie).toBe('');
    const anonymous = await fetch(`${app.baseUrl}/api/admin/queues/session`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
  });

  it('opens for an admin through the cookie session: the page, its files and every queue', async () => {
    const session = await openSession(app.admin.token);
    expect(session.status).toBe(200);
    expect(session.body).toEqual({ url: '/api/admin/queues/', expiresAt: expect.any(String) });
    const attributes = session.setCookie.toLowerCase();
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('samesite=strict');
    expect(attributes).toContain('path=/api/admin/queues');
    expect(attributes).toMatch(/max-age=900\b|expires=/);
    expect(new Date(session.body.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(15 * 60 * 1000);

    const page = await get(PAGE, { cookie: session.cookie });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<base href="/api/admin/queues/"');
    expect(html).toContain('<title>Top-up store queues</title>');

    const script = /src="(static\/js\/main\.[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect((await get(`${PAGE}/${script}`, { cookie: session.cookie })).status).toBe(200);

    // One queue's page, as the back office links to its failed jobs.
    const queuePage = await get(`${PAGE}/queue/fulfilment?status=failed`, { cookie: session.cookie });
    expect(queuePage.status).toBe(200);
    expect(await queuePage.text()).toContain('<base href="/api/admin/queues/"');

    const api = await get(BOARD_API, { cookie: session.cookie });
    expect(api.status).toBe(200);
    const board = (await api.json()) as { queues: Array<{ name: string }> };
    expect(board.queues.map((queue) => queue.name).sort()).toEqual(Object.values(QUEUES).sort());
  });

  it('lets an admin act on a queue through the board, and no one else', async () => {
    const queue = openQueue('fulfilment', app.redis, app.config.redisPrefix);
    const pause = (headers: Record<string, string>) =>
      fetch(`${app.baseUrl}/api/admin/queues/api/queues/fulfilment/pause`, { method: 'PUT', headers });

    expect((await pause({})).status).toBe(401);
    expect((await pause({ authorization: `Bearer ${app.shopper.token}` })).status).toBe(403);
    expect(await queue.isPaused()).toBe(false);

    const session = await openSession(app.admin.token);
    expect((await pause({ cookie: session.cookie, origin: app.baseUrl })).status).toBeLessThan(300);
    expect(await queue.isPaused()).toBe(true);
    const resume = await fetch(`${app.baseUrl}/api/admin/queues/api/queues/fulfilment/resume`, {
      method: 'PUT',
      headers: { cookie: session.cookie, origin: app.baseUrl },
    });
    expect(resume.status).toBeLessThan(300);
    expect(await queue.isPaused()).toBe(false);
  });

  it('puts every change on the audit log before bull-board runs it, even one that then fails', async () => {
    const queue = openQueue('fulfilment', app.redis, app.config.redisPrefix);
    const session = await openSession(app.admin.token);
    const change = (method: string, path: string, body?: unknown) =>
      fetch(`${app.baseUrl}/api/admin/queues/api/queues/${path}`, {
        method,
        headers: { cookie: session.cookie, origin: app.baseUrl, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
    const newestAudit = () => app.db('audit_log').orderBy('id', 'desc').first();

    // No such job: bull-board refuses it, and the attempt is on record all the same.
    const retry = await change('PUT', 'fulfilment/no-such-job/retry');
    expect(retry.ok).toBe(false);
    expect(await newestAudit()).toMatchObject({
      actor_id: app.admin.id,
      action: 'job.retry',
      entity: 'job',
      entity_id: 'fulfilment:no-such-job',
      before: null,
      after: { queue: 'fulfilment', jobId: 'no-such-job', status: null, method: 'PUT' },
      request_id: expect.any(String),
    });

    expect((await change('PUT', 'fulfilment/clean/completed')).ok).toBe(true);
    expect(await newestAudit()).toMatchObject({ action: 'queue.clean', entity: 'queue', entity_id: 'fulfilment', after: { queue: 'fulfilment', status: 'completed' } });

    expect((await change('PUT', 'fulfilment/pause')).ok).toBe(true);
    expect(await newestAudit()).toMatchObject({ action: 'queue.pause', entity_id: 'fulfilment' });
    expect(await queue.isPaused()).toBe(true);
    await queue.resume();

    // An edit keeps what the admin sent.
    const job = await queue.add('deliver', { orderId: 1 });
    const edit = await change('PATCH', `fulfilment/${job.id}/update-data`, { jobData: { orderId: 2 } });
    expect(edit.ok).toBe(true);
    expect(await newestAudit()).toMatchObject({ action: 'job.update_data', entity_id: `fulfilment:${job.id}`, after: { body: { jobData: { orderId: 2 } } } });
    await job.remove();

    // Refused requests change nothing, so they are not on the log.
    const before = await newestAudit();
    expect((await fetch(`${app.baseUrl}/api/admin/queues/api/queues/fulfilment/pause`, { method: 'PUT', headers: { cookie: session.cookie, origin: 'https://evil.example' } })).status).toBe(403);
    expect((await fetch(`${app.baseUrl}/api/admin/queues/api/queues/fulfilment/pause`, { method: 'PUT', headers: { authorization: `Bearer ${app.shopper.token}` } })).status).toBe(403);
    expect((await newestAudit()).id).toBe(before.id);
  });

  it('refuses a change sent from another site, and still shows the board to a link from anywhere', async () => {
    const queue = openQueue('fulfilment', app.redis, app.config.redisPrefix);
    const session = await openSession(app.admin.token);
    const pause = (headers: Record<string, string>) =>
      fetch(`${app.baseUrl}/api/admin/queues/api/queues/fulfilment/pause`, { method: 'PUT', headers: { cookie: session.cookie, ...headers } });
    const crossSite: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { referer: 'https://evil.example/page' },
      // A cookie with neither header is no browser's request: refused too.
      {},
    ];
    for (const headers of crossSite) {
      const response = await pause(headers);
      expect({ headers, status: response.status }).toEqual({ headers, status: 403 });
      expect(((await response.json()) as any).error.code).toBe('FORBIDDEN');
    }
    const refusedSession = await fetch(`${app.baseUrl}/api/admin/queues/session`, {
      method: 'POST',
      headers: { authorization: `Bearer ${app.admin.token}`, origin: 'https://evil.example' },
    });
    expect(refusedSession.status).toBe(403);
    expect(refusedSession.headers.getSetCookie()).toEqual([]);
    expect(await queue.isPaused()).toBe(false);

    // GET is unchanged: the page opens from a link on any site.
    expect((await get(PAGE, { cookie: session.cookie, referer: 'https://evil.example/page' })).status).toBe(200);

    // Same site: the request's own host, the store's public origin, or a Referer on the dashboard.
    const publicOrigin = new URL(app.config.publicUrl).origin;
    const sameSite: Array<Record<string, string>> = [{ origin: app.baseUrl }, { origin: publicOrigin }, { referer: `${app.baseUrl}/api/admin/queues/` }];
    for (const headers of sameSite) {
      expect({ headers, ok: (await pause(headers)).ok }).toEqual({ headers, ok: true });
      expect(await queue.isPaused()).toBe(true);
      await queue.resume();
    }
    // A bearer token cannot be sent by another site, so a script without Origin may use it.
    const scripted = await fetch(`${app.baseUrl}/api/admin/queues/api/queues/fulfilment/pause`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${app.admin.token}` },
    });
    expect(scripted.ok).toBe(true);
    await queue.resume();
  });

  it('also opens with the admin bearer token, and a session is no API token', async () => {
    expect((await get(PAGE, { authorization: `Bearer ${app.admin.token}` })).status).toBe(200);
    const session = await openSession(app.admin.token);
    const sessionToken = session.cookie.split('=')[1]!;
    const asBearer = await get('/api/admin/dashboard', { authorization: `Bearer ${sessionToken}` });
    expect(asBearer.status).toBe(401);
  });

  it('ends with the account: a password change or a lost admin role closes an open session', async () => {
    const other = await app.createUser({ role: 'admin' });
    const session = await openSession(other.token);
    expect((await get(PAGE, { cookie: session.cookie })).status).toBe(200);

    await app.db('users').where({ id: other.id }).update({ role: 'user' });
    expect((await get(PAGE, { cookie: session.cookie })).status).toBe(403);

    await app.db('users').where({ id: other.id }).update({ role: 'admin', token_version: app.db.raw('token_version + 1') });
    expect((await get(PAGE, { cookie: session.cookie })).status).toBe(401);
  });

  it('leaves unknown paths under it to the API: 404 in the error format', async () => {
    const session = await openSession(app.admin.token);
    const response = await get('/api/admin/queues/api/no-such-call', { cookie: session.cookie });
    expect(response.status).toBe(404);
    expect(((await response.json()) as any).error.code).toBe('NOT_FOUND');
  });
});

describe('failed jobs on the queue dashboard', () => {
  it('show their stack traces without the server directories', async () => {
    const { withoutServerPaths } = await import('./queue-dashboard');
    const { apiPackageDir } = await import('../../../package-dir');
    const root = (await import('node:path')).dirname(apiPackageDir);
    expect(withoutServerPaths(`    at fulfil (${root}/api/src/modules/fulfilment/fulfilment.service.ts:12:3)`)).toBe(
      '    at fulfil (api/src/modules/fulfilment/fulfilment.service.ts:12:3)',
    );
    expect(withoutServerPaths(`    at file://${root}/workers/dist/index.js:5:1`)).toBe('    at workers/dist/index.js:5:1');
  });
});
