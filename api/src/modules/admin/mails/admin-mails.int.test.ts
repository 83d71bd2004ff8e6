import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../testing';
import { deliverMail } from '../../mail/mail-delivery';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app?.close();
});

it('without an SMTP server a mail is kept, and the back office lists and reads it; shoppers cannot', async () => {
  expect(app.config.mail.smtpUrl).toBeUndefined();
  const shopper = await app.createUser();
  const admin = await app.createUser({ role: 'admin' });
  await app.request('PUT', '/api/profile/email', { token: shopper.token, body: { email: 'kept@mail.test' }, headers: { 'accept-language': 'en' } });
  const { id } = await app.db('mails').where({ recipient: 'kept@mail.test' }).first('id');

  // What the mail job does with it in a store without SMTP_URL.
  expect(await deliverMail({ db: app.db, transport: null, from: app.config.mail.from, publicUrl: app.config.publicUrl }, id)).toBe('kept');
  expect(await deliverMail({ db: app.db, transport: null, from: app.config.mail.from, publicUrl: app.config.publicUrl }, id)).toBe('kept');

  const list = await app.request('GET', `/api/admin/mails?filter=${encodeURIComponent(JSON.stringify({ q: 'kept@mail' }))}`, { token: admin.token });
  expect(list.headers.get('content-range')).toBe('mails 0-0/1');
  expect(list.body).toEqual([
    expect.objectContaining({ id, kind: 'verify_email', status: 'kept', recipient: 'kept@mail.test', language: 'en', subject: 'Confirm your email address', userId: shopper.id }),
  ]);
  const read = await app.request('GET', `/api/admin/mails/${id}`, { token: admin.token });
  expect(read.body.text).toMatch(new RegExp(`Confirm the address: ${app.config.publicUrl}/email/verify\\?token=[\\w-]+`));
  expect(read.body.html).toContain('<a href="http://localhost:');

  expect((await app.request('GET', '/api/admin/mails', { token: shopper.token })).status).toBe(403);
  expect((await app.request('GET', '/api/admin/mails/999999', { token: admin.token })).status).toBe(404);
});
