import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtures } from '../../testing/fixtures';
import { startTestApp, type TestApp, type TestUser } from '../../testing/harness';

let app: TestApp;
let fixtures: ReturnType<typeof createFixtures>;
let user: TestUser;

beforeAll(async () => {
  app = await startTestApp();
  fixtures = createFixtures(app.db, app.config.codesKey);
  await fixtures.usdRubRate('79');
  await fixtures.rate('usd', 'kzt', '480');
  await fixtures.steamCommission('3');
  user = await app.createUser();
});

afterAll(async () => {
  await app.close();
});

const calculate = (body: unknown) => app.request('POST', '/api/steam/calculate', { token: user.token, body });

describe('POST /api/steam/calculate', () => {
  it('adds 3 % commission to a USD amount, charged in USD', async () => {
    const response = await calculate({ amount: 10, inputCurrency: 'usd', userBalanceCurrency: 'usd' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, calculation: { amountInUSD: 10, commission: 0.3, amountInUserCurrency: 10.3, amountInRUB: 790 } });
  });

  it('converts the USD total to a RUB balance at the USD->RUB rate', async () => {
    const response = await calculate({ amount: 10, inputCurrency: 'usd', userBalanceCurrency: 'rub' });
    expect(response.body.calculation).toEqual({ amountInUSD: 10, commission: 0.3, amountInUserCurrency: 813.7, amountInRUB: 790 });
  });

  it('converts KZT by dividing by the USD->KZT rate, exactly, rounding once at the end', async () => {
    // 5000 / 480 = 10.41666… USD (shown 10.42); 3 % = 0.3125 (0.31); 5000 / 480 * 1.03 * 79 = 847.604166… RUB.
    const response = await calculate({ amount: 5000, inputCurrency: 'kzt', userBalanceCurrency: 'rub' });
    expect(response.body.calculation).toEqual({ amountInUSD: 10.42, commission: 0.31, amountInUserCurrency: 847.6, amountInRUB: 822.92 });
  });

  it.each([
    [1000, 1030],
    [500, 515],
  ])('charges %j RUB at USD->RUB 79 exactly %j RUB with 3 %', async (amount, charged) => {
    const response = await calculate({ amount, inputCurrency: 'rub', userBalanceCurrency: 'rub' });
    expect(response.body.calculation).toMatchObject({ amountInUserCurrency: charged, amountInRUB: amount });
  });

  it('converts RUB by dividing by the USD->RUB rate, the one rate of the pair', async () => {
    // 790 RUB / 79 = 10 USD; 3 % = 0.30; 10.30 USD.
    const response = await calculate({ amount: 790, inputCurrency: 'rub', userBalanceCurrency: 'usd' });
    expect(response.body.calculation).toEqual({ amountInUSD: 10, commission: 0.3, amountInUserCurrency: 10.3, amountInRUB: 790 });
  });

  it('uses the commission setting and the rates of the moment', async () => {
    await fixtures.steamCommission('5.5');
    await fixtures.usdRubRate('80');
    try {
      // 1000 RUB / 80 = 12.50 USD; 5.5 % = 0.6875 -> 0.69; 13.19 USD.
      const response = await calculate({ amount: 1000, inputCurrency: 'rub', userBalanceCurrency: 'usd' });
      expect(response.body.calculation).toEqual({ amountInUSD: 12.5, commission: 0.69, amountInUserCurrency: 13.19, amountInRUB: 1000 });
    } finally {
      await fixtures.steamCommission('3');
      await fixtures.usdRubRate('79');
    }
  });

  it.each([
    [0.5, 'steam_amount_below_minimum'],
    [0, 'steam_amount_below_minimum'],
    [-5, 'steam_amount_below_minimum'],
    [10.001, 'steam_amount_decimals'],
    [20_000_000, 'steam_amount_above_maximum'],
  ])("answers 400 'Invalid amount' for amount %j, naming the rule: %s", async (amount, message) => {
    const response = await calculate({ amount, inputCurrency: 'rub', userBalanceCurrency: 'rub' });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({ code: 'VALIDATION_FAILED', message: 'Invalid amount', details: [{ field: 'amount', message }] });
  });

  it.each([
    [{ amount: '10', inputCurrency: 'usd', userBalanceCurrency: 'usd' }],
    [{ amount: 10, inputCurrency: 'uzs', userBalanceCurrency: 'usd' }],
    [{ amount: 10, inputCurrency: 'USD', userBalanceCurrency: 'usd' }],
    [{ amount: 10, inputCurrency: 'usd', userBalanceCurrency: 'kzt' }],
    [{ amount: 10, inputCurrency: 'usd' }],
    [{ amount: 10, inputCurrency: 'usd', userBalanceCurrency: 'usd', commission: 0 }],
  ])('rejects %j with 400', async (body) => {
    const response = await calculate(body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_FAILED');
  });

  it('requires a login', async () => {
    const response = await app.request('POST', '/api/steam/calculate', {
      body: { amount: 10, inputCurrency: 'usd', userBalanceCurrency: 'usd' },
    });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('UNAUTHORIZED');
  });

  it('answers 503 while a needed rate is missing', async () => {
    await app.db('currency_rates').where({ to_currency: 'kzt' }).delete();
    try {
      const response = await calculate({ amount: 1000, inputCurrency: 'kzt', userBalanceCurrency: 'usd' });
      expect(response.status).toBe(503);
      expect(response.body.error.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await fixtures.rate('usd', 'kzt', '480');
    }
  });
});
