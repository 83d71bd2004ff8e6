import { describe, expect, it } from 'vitest';
import { auditRowsOf, expectAdminOnly, startAdminTestApp } from '../../../testing/admin-api';

const app = startAdminTestApp();

const ADMIN_PATH = '/api/admin/support-settings';
const PUBLIC_PATH = '/api/support/settings';

const TELEGRAM = { messengerName: 'Telegram', messengerUrl: 'https://t.me/topuparena_support', intro: { ru: '', en: '', uz: '' } };

describe("the support page's settings", () => {
  it('start with the store\'s Telegram channel and the storefront\'s own intro, for anyone to read', async () => {
    const answer = await app.request('GET', PUBLIC_PATH);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(TELEGRAM);
  });

  it('are set by an admin only, recorded, and read by the storefront at once', async () => {
    const wanted = { messengerName: ' WhatsApp ', messengerUrl: 'https://wa.me/79990001122', intro: { ru: 'Ответим за час.', en: 'We answer within an hour.', uz: '' } };
    await expectAdminOnly(app, app.shopper, [{ method: 'PUT', path: ADMIN_PATH, body: wanted }]);

    const saved = await app.asAdmin('PUT', ADMIN_PATH, wanted);
    expect(saved.status).toBe(200);
    const expected = { ...wanted, messengerName: 'WhatsApp' };
    expect(saved.body).toEqual(expected);
    expect((await app.request('GET', PUBLIC_PATH)).body).toEqual(expected);
    expect((await app.asAdmin('GET', ADMIN_PATH)).body).toEqual(expected);

    const [audit] = await auditRowsOf(app, 'support_settings', 1);
    expect(audit).toMatchObject({ action: 'support_settings.update', actor_id: app.admin.id, before: TELEGRAM, after: expected });

    // No address, no button: the storefront hides it.
    const none = await app.asAdmin('PUT', ADMIN_PATH, { ...expected, messengerUrl: '' });
    expect(none.body.messengerUrl).toBe('');
  });

  it('refuse an address that is not https, a blank name and a missing language, changing nothing', async () => {
    const before = (await app.request('GET', PUBLIC_PATH)).body;
    for (const body of [
      { ...TELEGRAM, messengerUrl: 'javascript:alert(1)' },
      { ...TELEGRAM, messengerUrl: 'http://t.me/shop' },
      { ...TELEGRAM, messengerName: '  ' },
      { ...TELEGRAM, intro: { ru: '', en: '' } },
      { ...TELEGRAM, intro: { ru: 'x'.repeat(301), en: '', uz: '' } },
    ]) {
      const answer = await app.asAdmin('PUT', ADMIN_PATH, body);
      expect({ body, status: answer.status, code: answer.body.error?.code }).toEqual({ body, status: 400, code: 'VALIDATION_FAILED' });
    }
    expect((await app.request('GET', PUBLIC_PATH)).body).toEqual(before);
  });
});
