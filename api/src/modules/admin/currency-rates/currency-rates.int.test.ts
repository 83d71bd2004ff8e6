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
  await app.db('currency_rates').update({ auto_update: true });
  await app.db('currency_settings').insert({ id: 1, rate_change_confirm_percent: 10 }).onConflict('id').merge(['rate_change_confirm_percent']);
});

/** Moves a rate's checked and changed times an hour back, so a later change of either shows. */
const ageRate = (id: number) =>
  app.db('currency_rates').where({ id }).update({ checked_at: app.db.raw("now() - interval '1 hour'"), changed_at: app.db.raw("now() - interval '1 hour'") });

const timesOf = async (id: number) => {
  const row = await app.db('currency_rates').where({ id }).first('checked_at', 'changed_at');
  return { checkedAt: row.checked_at.getTime() as number, changedAt: row.changed_at.getTime() as number };
};

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
  it('lists the rates with the list protocol, six decimals as a string, with the inverse', async () => {
    const page = await app.asAdmin('GET', listPath(BASE, { sort: ['from', 'ASC'], filter: { to: 'rub' } }));
    expect(page.status).toBe(200);
    expect(contentRange(page.headers)).toEqual({ resource: 'currency-rates', start: 0, end: 0, total: 1 });
    expect(page.body).toEqual([
      {
        id: await rateId('usd', 'rub'),
        from: 'usd',
        to: 'rub',
        rate: '80.000000',
        inverse: '0.0125',
        autoUpdate: true,
        checkedAt: expect.any(String),
        changedAt: expect.any(String),
      },
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
    // 80 -> 100 is a 25 % change: confirmed.
    expect((await app.asAdmin('PUT', `${BASE}/${id}`, { rate: '100', confirm: true })).status).toBe(200);
    const steam = await app.request('POST', '/api/steam/calculate', {
      token: app.shopper.token,
      body: { amount: 10, inputCurrency: 'usd', userBalanceCurrency: 'rub' },
    });
    expect(steam.status).toBe(200);
    // 10 USD + 3 % commission = 10.30 USD at 100 RUB.
    expect(steam.body.calculation.amountInUserCurrency).toBe(1030);
  });
});

describe('one rate per pair', () => {
  it('the other direction follows the one rate exactly: shown as its inverse, converted by dividing', async () => {
    const id = await rateId('usd', 'rub');
    const saved = await app.asAdmin('PUT', `${BASE}/${id}`, { rate: '79' });
    expect(saved.body).toMatchObject({ from: 'usd', to: 'rub', rate: '79.000000', inverse: '0.012658228' });
    expect(await app.db('currency_rates').whereIn('from_currency', ['rub', 'kzt']).select('id')).toEqual([]);

    // 7 900 000 RUB is exactly 100 000 USD at 79 (a rounded 0.012658 would make it 99 998.20), plus 3 %.
    await app.fixtures.steamCommission('3');
    const steam = await app.request('POST', '/api/steam/calculate', {
      token: app.shopper.token,
      body: { amount: 7_900_000, inputCurrency: 'rub', userBalanceCurrency: 'usd' },
    });
    expect(steam.body.calculation).toEqual({ amountInUSD: 100_000, commission: 3_000, amountInUserCurrency: 103_000, amountInRUB: 7_900_000 });
    // KZT divides by USD->KZT: 5000 / 500 = 10 USD.
    const kzt = await app.request('POST', '/api/steam/calculate', {
      token: app.shopper.token,
      body: { amount: 5000, inputCurrency: 'kzt', userBalanceCurrency: 'usd' },
    });
    expect(kzt.body.calculation).toMatchObject({ amountInUSD: 10 });
  });
});

describe('confirming a large change', () => {
  it('refuses a change beyond the threshold with 409 naming old, new and percent; the same with confirm is saved', async () => {
    const id = await rateId('usd', 'rub');
    const auditsBefore = await auditRowsOf(app, 'currency_rate', id);
    const refused = await app.asAdmin('PUT', `${BASE}/${id}`, { rate: '8000' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: 'RATE_CHANGE_NEEDS_CONFIRMATION',
      message: expect.stringContaining('9900 %'),
      details: { from: 'usd', to: 'rub', old: '80.000000', new: '8000', percent: 9900, thresholdPercent: 10 },
    });
    expect(await app.db('currency_rates').where({ id }).first('rate')).toEqual({ rate: '80.000000' });
    expect(await auditRowsOf(app, 'currency_rate', id)).toEqual(auditsBefore);

    // Within the threshold (exactly 10 %) needs nothing.
    expect((await app.asAdmin('PUT', `${BASE}/${id}`, { rate: '88' })).status).toBe(200);
    expect((await app.asAdmin('PUT', `${BASE}/${id}`, { rate: '80' })).status).toBe(200);

    const confirmed = await app.asAdmin('PUT', `${BASE}/${id}`, { rate: '7900', confirm: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ rate: '7900.000000' });

    // The threshold is a setting.
    await app.asAdmin('POST', SETTINGS, { rateChangeConfirmPercent: 1000 });
    expect((await app.asAdmin('PUT', `${BASE}/${id}`, { rate: '790' })).status).toBe(200);
  });

  it("shows an admin's change as the last rate update on the dashboard", async () => {
    const id = await rateId('usd', 'kzt');
    await app.asAdmin('PUT', `${BASE}/${id}`, { rate: '1000', confirm: true });
    const dashboard = await app.asAdmin('GET', '/api/admin/dashboard');
    expect(dashboard.body.lastRateUpdate).toEqual({
      at: expect.any(String),
      source: 'admin',
      trigger: 'admin',
      provider: null,
      admin: app.admin.nickname,
      status: 'completed',
      changes: [{ from: 'usd', to: 'kzt', before: '500.000000', after: '1000.000000' }],
      refusals: [],
      error: null,
    });
  });
});

describe('checked and changed times', () => {
  it('an admin sending the rate checks it; only a new value changes it; the switch and the settings move neither', async () => {
    const id = await rateId('usd', 'rub');
    await ageRate(id);
    const aged = await timesOf(id);

    await app.asAdmin('PUT', `${BASE}/${id}`, { autoUpdate: false });
    await app.asAdmin('POST', SETTINGS, { ratesAutoUpdate: false });
    await app.asAdmin('POST', SETTINGS, { ratesAutoUpdate: true });
    expect(await timesOf(id)).toEqual(aged);

    // The same rate, confirmed: checked now, not changed.
    const same = await app.asAdmin('PUT', `${BASE}/${id}`, { rate: '80.0' });
    const checked = await timesOf(id);
    expect(checked.checkedAt).toBeGreaterThan(aged.checkedAt);
    expect(checked.changedAt).toBe(aged.changedAt);
    expect(same.body).toMatchObject({ checkedAt: new Date(checked.checkedAt).toISOString(), changedAt: new Date(aged.changedAt).toISOString() });

    await app.asAdmin('PUT', `${BASE}/${id}`, { rate: '81' });
    const changed = await timesOf(id);
    expect(changed.changedAt).toBeGreaterThan(aged.changedAt);
    expect(changed.changedAt).toBe(changed.checkedAt);
  });

  it('the automatic update checks an unchanged rate without changing it', async () => {
    const id = await rateId('usd', 'rub');
    await app.fixtures.rate('usd', 'rub', '79');
    await ageRate(id);
    const aged = await timesOf(id);
    const rateUpdate = createRateUpdateService({ db: app.db, rates: createSandboxRatesProvider(), logger: createLogger('silent', 'rates') });
    const { requestId } = (await app.asAdmin('POST', `${BASE}/refresh`)).body;
    await rateUpdate.run({ kind: 'manual', requestId });
    const after = await timesOf(id);
    expect(after.checkedAt).toBeGreaterThan(aged.checkedAt);
    expect(after.changedAt).toBe(aged.changedAt);
  });
});

describe('the automatic update and outliers', () => {
  it('keeps a rate the feed would change beyond the threshold and records why on the run, shown on the dashboard', async () => {
    // The sandbox says 79 RUB and 480 KZT per USD: 40 -> 79 is +97.5 %, 500 -> 480 is -4 %.
    const usdRub = await rateId('usd', 'rub');
    await app.fixtures.rate('usd', 'rub', '40');
    await ageRate(usdRub);
    const aged = await timesOf(usdRub);
    const { requestId } = (await app.asAdmin('POST', `${BASE}/refresh`)).body;
    const rateUpdate = createRateUpdateService({ db: app.db, rates: createSandboxRatesProvider(), logger: createLogger('silent', 'rates') });
    expect(await rateUpdate.run({ kind: 'manual', requestId })).toMatchObject({ status: 'completed', updated: 1 });

    expect(await app.db('currency_rates').where({ id: usdRub }).first('rate')).toEqual({ rate: '40.000000' });
    expect(await timesOf(usdRub)).toEqual(aged);
    expect((await app.db('currency_rates').where({ id: await rateId('usd', 'kzt') }).first('rate')).rate).toBe('480.000000');
    const run = await app.db('rate_update_runs').where({ run_key: `manual:${requestId}` }).first('changes', 'refusals');
    expect(run).toEqual({
      changes: [{ from: 'usd', to: 'kzt', before: '500.000000', after: '480.000000' }],
      refusals: [{ from: 'usd', to: 'rub', current: '40.000000', offered: '79.000000', percent: 97.5 }],
    });

    const dashboard = await app.asAdmin('GET', '/api/admin/dashboard');
    expect(dashboard.body.lastRateUpdate).toMatchObject({
      source: 'provider',
      trigger: 'manual',
      provider: 'sandbox',
      admin: app.admin.nickname,
      status: 'completed',
      changes: run.changes,
      refusals: run.refusals,
    });
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
    expect(await rateUpdate.run({ kind: 'manual', requestId })).toMatchObject({ status: 'completed', updated: 2 });

    const done = await app.asAdmin('GET', `${BASE}/refresh/${requestId}`);
    expect(done.body).toMatchObject({ requestId, status: 'completed', updated: 2, error: null, finishedAt: expect.any(String) });
    const rates = await app.asAdmin('GET', listPath(BASE, { sort: ['id', 'ASC'] }));
    expect(Object.fromEntries(rates.body.map((rate: { from: string; to: string; rate: string }) => [`${rate.from}->${rate.to}`, rate.rate]))).toEqual({
      'usd->rub': '79.000000',
      'usd->kzt': '480.000000',
    });
    // The change is audited as the admin's, once.
    const [audit, ...more] = await app.db('audit_log').where({ action: 'currency_rate.refresh', request_id: `rate-update:manual:${requestId}` });
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
    expect(read.body).toEqual({
      steamCommissionPercent: 3,
      ratesAutoUpdate: true,
      rateChangeConfirmPercent: 10,
      failedCardTopupRefundTo: 'balance',
      updatedAt: expect.any(String),
    });

    const changed = await app.asAdmin('POST', SETTINGS, { steamCommissionPercent: 4.5, ratesAutoUpdate: false });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ steamCommissionPercent: 4.5, ratesAutoUpdate: false });
    expect(await app.db('currency_settings').where({ id: 1 }).first('steam_commission_percent', 'rates_auto_update')).toEqual({
      steam_commission_percent: '4.50',
      rates_auto_update: false,
    });
    const audit = (await auditRowsOf(app, 'currency_settings', 1)).at(-1);
    expect(audit).toMatchObject({ action: 'currency_settings.update', actor_id: app.admin.id });
    expect([audit.before.steamCommissionPercent, audit.after.steamCommissionPercent]).toEqual([3, 4.5]);

    // Only the field sent changes.
    expect((await app.asAdmin('POST', SETTINGS, { ratesAutoUpdate: true })).body).toMatchObject({ steamCommissionPercent: 4.5, ratesAutoUpdate: true });

    // The confirmation threshold: above 0, at most 1000, two decimals.
    expect((await app.asAdmin('POST', SETTINGS, { rateChangeConfirmPercent: 12.5 })).body).toMatchObject({ rateChangeConfirmPercent: 12.5 });
    expect(await app.db('currency_settings').where({ id: 1 }).first('rate_change_confirm_percent')).toEqual({ rate_change_confirm_percent: '12.50' });

    for (const body of [
      { steamCommissionPercent: 101 },
      { steamCommissionPercent: -1 },
      { steamCommissionPercent: 3.333 },
      { ratesAutoUpdate: 1 },
      { rateChangeConfirmPercent: 0 },
      { rateChangeConfirmPercent: 1001 },
      { rateChangeConfirmPercent: 5.555 },
      {},
      { theme: 'dark' },
    ]) {
      const response = await app.asAdmin('POST', SETTINGS, body);
      expect({ body, status: response.status }).toEqual({ body, status: 400 });
    }
    await app.fixtures.steamCommission('3');
  });

  it('refuses a threshold too small for the two decimals the database keeps (1e-10, 0.004) with a 400, unchanged', async () => {
    const before = await app.db('currency_settings').where({ id: 1 }).first('rate_change_confirm_percent');
    for (const rateChangeConfirmPercent of [1e-10, 0.004, 0.009]) {
      const response = await app.asAdmin('POST', SETTINGS, { rateChangeConfirmPercent });
      expect({ rateChangeConfirmPercent, status: response.status, error: response.body.error }).toEqual({
        rateChangeConfirmPercent,
        status: 400,
        error: { code: 'VALIDATION_FAILED', message: 'The request is not valid', details: [{ field: 'rateChangeConfirmPercent', message: 'must be >= 0.01' }] },
      });
    }
    expect(await app.db('currency_settings').where({ id: 1 }).first('rate_change_confirm_percent')).toEqual(before);
    expect((await app.asAdmin('POST', SETTINGS, { rateChangeConfirmPercent: 0.01 })).body).toMatchObject({ rateChangeConfirmPercent: 0.01 });
  });
});
