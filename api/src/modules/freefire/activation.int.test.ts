import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GameProviderUnavailableError, SandboxGameProvider } from '../../providers/game';
import { createFixtures } from '../../testing/fixtures';
import { startTestApp, type TestApp, type TestUser } from '../../testing/harness';

let app: TestApp;
let fixtures: ReturnType<typeof createFixtures>;
let games: SandboxGameProvider;
let user: TestUser;

beforeAll(async () => {
  app = await startTestApp();
  fixtures = createFixtures(app.db, app.config.codesKey);
  games = new SandboxGameProvider({ redis: app.redis, prefix: app.config.redisPrefix });
  user = await app.createUser();
});

afterAll(async () => {
  await app.close();
});

afterEach(() => {
  vi.restoreAllMocks();
});

let counter = 0;
const playerId = (ending = '7') => `${400_000 + (counter += 1)}${ending}`;

const activate = (body: unknown, token: string = user.token) => app.request('POST', '/api/freefire/activate-code', { token, body });
const codeRow = (id: number) => app.db('stock_codes').where({ source: 'generated' }).where({ id }).first('activated_at', 'activated_player_id', 'status');

describe('POST /api/freefire/activate-code', () => {
  it("credits the code's diamonds to the player once, and records the activation", async () => {
    const code = await fixtures.freefireCode({ soldTo: user.id, gameAmount: 310 });
    const player = playerId();
    const response = await activate({ playerID: ` ${player} `, code: `  ${code.code}\n` });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    const row = await codeRow(code.id);
    expect(row).toMatchObject({ activated_player_id: player, status: 'used' });
    expect(row.activated_at).toBeInstanceOf(Date);
    expect(await games.creditsOf('freefire', player)).toEqual([
      expect.objectContaining({ idempotencyKey: `activation:${code.id}`, amount: 310, offerId: code.itemId }),
    ]);

    const again = await activate({ playerID: player, code: code.code });
    expect(again.body).toEqual({ success: false, error: 'This code has already been activated.' });
    const elsewhere = await activate({ playerID: playerId(), code: code.code });
    expect(elsewhere.body).toEqual({ success: false, error: 'This code has already been activated.' });
    expect(await games.creditsOf('freefire', player)).toHaveLength(1);
    expect(await codeRow(code.id)).toEqual(row);
  });

  it("marks the code used on its order's receipt, with the player it went to", async () => {
    const code = await fixtures.freefireCode({ soldTo: user.id, gameAmount: 100 });
    const stock = await app.db('stock_codes').where({ id: code.id }).first('order_id', 'product_id');
    await app.db('order_items').insert({
      order_id: stock.order_id,
      item_type: 'code',
      product_id: stock.product_id,
      stock_code_id: code.id,
      game_amount: 100,
      amount: 299,
      price_usd: 299,
      price_rub: 23_621,
      rate_used: '79',
    });
    const receipt = async () => (await app.request('GET', `/api/orders/${stock.order_id}`, { token: user.token })).body.items[0].code;
    expect(await receipt()).toEqual({ code: code.code, activatedAt: null, activatedPlayerId: null });

    const player = playerId();
    expect((await activate({ playerID: player, code: code.code })).body).toEqual({ success: true });
    expect(await receipt()).toEqual({ code: code.code, activatedAt: expect.any(String), activatedPlayerId: player });
  });

  it('takes the code in any case and with spaces around it', async () => {
    const code = await fixtures.freefireCode({ soldTo: user.id });
    const player = playerId();
    const response = await activate({ playerID: player, code: `  ${code.code.toLowerCase()}  ` });
    expect(response.body).toEqual({ success: true });
    expect(await codeRow(code.id)).toMatchObject({ activated_player_id: player });
  });

  it('10 concurrent activations of one code credit the player once', async () => {
    const code = await fixtures.freefireCode({ soldTo: user.id });
    const players = Array.from({ length: 10 }, () => playerId());
    const responses = await Promise.all(players.map((player) => activate({ playerID: player, code: code.code })));
    expect(responses.every((response) => response.status === 200)).toBe(true);
    const winners = responses.filter((response) => response.body.success);
    expect(winners).toHaveLength(1);
    for (const response of responses.filter((candidate) => !candidate.body.success)) {
      expect(response.body.error).toBe('This code has already been activated.');
    }
    const row = await codeRow(code.id);
    const credits = (await Promise.all(players.map((player) => games.creditsOf('freefire', player)))).flat();
    expect(credits).toEqual([expect.objectContaining({ account: row.activated_player_id, idempotencyKey: `activation:${code.id}` })]);
  });

  it('10 concurrent activations of one code for the same player credit once', async () => {
    const code = await fixtures.freefireCode({ soldTo: user.id });
    const player = playerId();
    const responses = await Promise.all(Array.from({ length: 10 }, () => activate({ playerID: player, code: code.code })));
    expect(responses.filter((response) => response.body.success)).toHaveLength(1);
    expect(await games.creditsOf('freefire', player)).toHaveLength(1);
  });

  it('treats unknown codes, codes still in stock and codes sold to someone else alike: invalid', async () => {
    const other = await app.createUser();
    const theirs = await fixtures.freefireCode({ soldTo: other.id });
    const inStock = await fixtures.freefireCode();
    for (const code of ['NO-SUCH-CODE', theirs.code, inStock.code]) {
      const response = await activate({ playerID: playerId(), code });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ success: false, error: 'Invalid code. Check the code and try again.' });
    }
    expect(await codeRow(theirs.id)).toMatchObject({ activated_at: null });
    // Its owner can activate it.
    expect((await activate({ playerID: playerId(), code: theirs.code }, other.token)).body).toEqual({ success: true });
  });

  it('gives the code back when the game refuses the player, so it can be activated for the right one', async () => {
    const code = await fixtures.freefireCode({ soldTo: user.id });
    const unknown = await activate({ playerID: '4000000', code: code.code });
    expect(unknown.body).toEqual({ success: false, error: 'Player not found. Check the player ID and try again.' });
    const declined = await activate({ playerID: playerId('13'), code: code.code });
    expect(declined.body).toEqual({ success: false, error: 'The game declined this activation for this player. Please contact support.' });
    expect(await codeRow(code.id)).toMatchObject({ activated_at: null, activated_player_id: null });

    const player = playerId();
    expect((await activate({ playerID: player, code: code.code })).body).toEqual({ success: true });
    expect(await games.creditsOf('freefire', player)).toHaveLength(1);
  });

  it('answers 503 while the game is unreachable and leaves the code unused', async () => {
    const code = await fixtures.freefireCode({ soldTo: user.id });
    vi.spyOn(SandboxGameProvider.prototype, 'deliver').mockRejectedValueOnce(new GameProviderUnavailableError('down'));
    const response = await activate({ playerID: playerId(), code: code.code });
    expect(response.status).toBe(503);
    expect(response.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(await codeRow(code.id)).toMatchObject({ activated_at: null });
    expect((await activate({ playerID: playerId(), code: code.code })).body).toEqual({ success: true });
  });

  it('completes a credit that a crash interrupted when the same player asks again', async () => {
    const code = await fixtures.freefireCode({ soldTo: user.id });
    const player = playerId();
    // As if the process died after claiming the code and before the game was called.
    await app.db('stock_codes').where({ source: 'generated' }).where({ number: code.id }).update({ activated_at: app.db.fn.now(), activated_player_id: player });
    const response = await activate({ playerID: player, code: code.code });
    expect(response.body).toEqual({ success: false, error: 'This code has already been activated.' });
    expect(await games.creditsOf('freefire', player)).toEqual([expect.objectContaining({ idempotencyKey: `activation:${code.id}` })]);
  });

  it('requires a login', async () => {
    const response = await app.request('POST', '/api/freefire/activate-code', { body: { playerID: '123456', code: 'X' } });
    expect(response.status).toBe(401);
  });

  it.each([[{}], [{ playerID: '123456' }], [{ playerID: '123456', code: '  ' }], [{ playerID: ' ', code: 'X' }], [{ playerID: '123456', code: 'X', extra: true }]])(
    'rejects %j with 400',
    async (body) => {
      const response = await activate(body);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_FAILED');
    },
  );
});
