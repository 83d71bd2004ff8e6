import { beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../logger';
import { createSandboxRatesProvider } from '../../../providers/rates';
import { auditRowsOf, contentRange, expectAdminOnly, listPath, startAdminTestApp } from '../../../testing/admin-api';
import { createRateUpdateService } from '../../rates/rate-update.service';

const app = startAdminTestApp();

const BASE = '/api/admin/currency-rates';
const SETTINGS = '/api/currency-settings/settings';
const rateId = async (from: string, to: string) => Number((await app.db('currency_rates').where({ from_currency: from, to_currency: to }).first('id')).id);

beforeEach(async () => {
  await app.fixtures.rate('usd', 'rub', '80');
  await app.fixtures.rate('usd', 'kzt', '500');
  await app.fixtures.rate('rub', 'usd', '0.0125');
  await app.db('currency_rates').update({ auto_update: true });
});

describe('access', () => {
  it('answers 401 without a token and 403 to a shopper on every route, changing nothing', async () => {
    const id = await rateId('usd', 'rub');
    await expectAdminOnly(app, app.shopper, [
      { method: 'GET', path: BASE },
      { method: 'GET', path: `${BASE}/${id}` },
      { method: 'PUT', path: `${BASE}/${id}`, body: { rate: '1' } },
      { method: 'POST', path: `${BASE}/refresh` },
      { method: 'GET', path: `${BASE}/refresh/00000000-0000-4000-8000-000000000000` },
      { method: 'GET', path: SETTINGS },
      { method: 'POST', path: SETTINGS, body: { steamCommissionPercent: 50 } },
    ]);
    expect(await app.db('rate_update_runs').count('* as n').first()).toEqual({ n: 0 });
  });
});

describe('rates', () => {
  it('lists the rates with the list protocol, six decimals as a string', async () => {
    const page = await app.asAdmin('GET', listPath(BASE, { sort: ['from', 'ASC'], filter: { to: 'rub' } }));
    expect(page.status).toBe(200);
    expect(contentRange(page.headers)).toEqual({ resource: 'currency-rates', start: 0, end: 0, total: 1 });
    expect(page.body).toEqual([
      { id: await rateId('usd', 'rub'), from: 'usd', to: 'rub', rate: '80.000000', autoUpdate: true, updatedAt: expect.any(String) },
    ]);
    expect((await app.asAdmin('GET', listPath(BASE, { filter: { autoUpdate: 'sometimes' } }))).status).toBe(400);
    expect((await app.asAdmin('GET', listPath(BASE, { sort: ['rateish', 'ASC'] }))).status).toBe(400);
  });

  it('sets a rate (string or number, above 0, at most 6 decimals) and the auto-update flag, audited', async () => {
    const id = await rateId('usd', 'rub');
    const asText = await app.asAdmin('PUT', `${BASE}/${id}`, { rate: '81.123456' });
    expect(asText.status).toBe(200);
    expect(asText.body).toMatchObject({ id, from: 'usd', to: 'rub', rate: '81.123456', autoUpdate: true });
    const asNumber = await app.asAdmin('PUT', `${BASE}/${id}`, { rate: 79.5, autoUpdate: false });
    expect(asNumber.body).toMatchObject({ rate: '79.500000', autoUpdate: false });

    const audits = await auditRowsOf(app, 'currency_rate', id);
    expect(audits.map((row) => [row.action, row.actor_id, row.before.rate, row.after.rate])).toEqual([
      ['currency_rate.update', app.admin.id, '80.000000', '81.123456'],
      ['currency_rate.update', app.admin.id, '81.123456', '79.500000'],
    ]);
  });

  it('refuses a rate of 0, below 0, with more than 6 decimals or not a number, changing nothing', async () => {
    const id = await rateId('usd', 'rub');
    for (const body of [
      { rate: 0 },
      { rate: '0' },
      { rate: '0.000000' },
      { rate: -1 },
      { rate: '-1' },
      { rate: '1.1234567' },
      { rate: 1.1234567 },
      { rate: 1e-7 },
      { rate: 'seventy' },
      { rate: '1e3' },
      { rate: '1234567890123' },
      { autoUpdate: 'yes' },
      {},
      { rate: '79', from: 'eur' },
    ]) {
      const response = await app.asAdmin('PUT', `${BASE}/${id}`, body);
      expect({ body, status: response.status, code: response.body.error?.code }).toEqual({ body, status: 400, code: 'VALIDATION_FAILED' });
    }
    expect(await app.db('currency_rates').where({ id }).first('rate')).toEqual({ rate: '80.000000' });
    expect((await app.asAdmin('PUT', `${BASE}/999999`, { rate: '1' })).status).toBe(404);
  });

  it('the storefront prices with the rate the back office set', async () => {
    const id = await rateId('usd', 'rub');
    await app.asAdmin('PUT', `${BASE}/${id}`, { rate: '100' });
    const steam = await app.request('POST', '/api/steam/calculate', {
      token: app.shopper.token,
      body: { amount: 10, inputCurrency: 'usd', userBalanceCurrency: 'rub' },
    });
    expect(steam.status).toBe(200);
    // 10 USD + 3 % commission = 10.30 USD at 100 RUB.
    expect(steam.body.calculation.amountInUserCurrency).toBe(1030);
  });
});

describe('refresh', () => {
  it('queues a rate-update job (202) whose progress can be read until it has run', async () => {
    const refresh = await app.asAdmin('POST', `${BASE}/refresh`);
    expect(refresh.status).toBe(202);
    const requestId = refresh.body.requestId as string;
    expect(refresh.body).toEqual({ requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const outbox = await app.db('outbox').where({ queue: 'rate-update' }).whereRaw(`payload->>'requestId' = ?`, [requestId]);
    expect(outbox.map((row) => [row.job_name, row.payload])).toEqual([['refresh-rates', { requestId }]]);
    // The admin's request is on the activity log at once, before any rate moves.
    expect(await app.db('audit_log').where({ action: 'currency_rate.refresh_request' }).whereRaw(`after->>'refreshRequestId' = ?`, [requestId])).toEqual([
      expect.objectContaining({ actor_id: app.admin.id, entity: 'currency_rate', entity_id: null, before: null, request_id: expect.any(String) }),
    ]);

    const queued = await app.asAdmin('GET', `${BASE}/refresh/${requestId}`);
    expect(queued.body).toMatchObject({ requestId, status: 'queued', updated: null, finishedAt: null });

    // What the rate-update worker does with the job.
    const rateUpdate = createRateUpdateService({ db: app.db, rates: createSandboxRatesProvider(), logger: createLogger('silent', 'rates') });
    expect(await rateUpdate.run({ kind: 'manual', requestId })).toMatchObject({ status: 'completed', updated: 3 });

    const done = await app.asAdmin('GET', `${BASE}/refresh/${requestId}`);
    expect(done.body).toMatchObject({ requestId, status: 'completed', updated: 3, error: null, finishedAt: expect.any(String) });
    const rates = await app.asAdmin('GET', listPath(BASE, { sort: ['id', 'ASC'] }));
    expect(Object.fromEntries(rates.body.map((rate: { from: string; to: string; rate: string }) => [`${rate.from}->${rate.to}`, rate.rate]))).toEqual({
      'usd->rub': '79.000000',
      'usd->kzt': '480.000000',
      'rub->usd': '0.012658',
    });
    // The change is audited as the admin's, once.
    const [audit, ...more] = await app.db('audit_log').where({ action: 'currency_rate.refresh' });
    expect(more).toEqual([]);
    expect(audit).toMatchObject({ actor_id: app.admin.id, request_id: `rate-update:manual:${requestId}` });
    expect(audit.after).toMatchObject({ provider: 'sandbox', rates: expect.arrayContaining([expect.objectContaining({ from: 'usd', to: 'rub', rate: '79.000000' })]) });

    expect((await app.asAdmin('GET', `${BASE}/refresh/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await app.asAdmin('GET', `${BASE}/refresh/latest`)).status).toBe(400);
  });
});

describe('currency settings', () => {
  it('reads and changes the Steam commission and the auto-update switch, audited', async () => {
    await app.fixtures.steamCommission('3');
    const read = await app.asAdmin('GET', SETTINGS);
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ steamCommissionPercent: 3, ratesAutoUpdate: true, failedCardTopupRefundTo: 'balance', updatedAt: expect.any(String) });

    const changed = await app.asAdmin('POST', SETTINGS, { steamCommissionPercent: 4.5, ratesAutoUpdate: false });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ steamCommissionPercent: 4.5, ratesAutoUpdate: false });
    expect(await app.db('currency_settings').where({ id: 1 }).first('steam_commission_percent', 'rates_auto_update')).toEqual({
      steam_commission_percent: '4.50',
      rates_auto_update: false,
    });
    const [audit] = await auditRowsOf(app, 'currency_settings', 1);
    expect(audit).toMatchObject({ action: 'currency_settings.update', actor_id: app.admin.id });
    expect([audit.before.steamCommissionPercent, audit.after.steamCommissionPercent]).toEqual([3, 4.5]);

    // Only the field sent changes.
    expect((await app.asAdmin('POST', SETTINGS, { ratesAutoUpdate: true })).body).toMatchObject({ steamCommissionPercent: 4.5, ratesAutoUpdate: true });

    for (const body of [{ steamCommissionPercent: 101 }, { steamCommissionPercent: -1 }, { steamCommissionPercent: 3.333 }, { ratesAutoUpdate: 1 }, {}, { theme: 'dark' }]) {
      const response = await app.asAdmin('POST', SETTINGS, body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
    }
    await app.fixtures.steamCommission('3');
  });
});
