/**
 * Code stock throughput against a running store (`npm start` first), as an admin drives it through
 * the back-office API. Prints one JSON line:
 * - import: seconds for POST /api/admin/codes/bulk to take BENCH_CODES manual codes, streamed as a
 *   text/plain body (one `code, USD price, RUB price, game amount` line each), until it answers;
 * - generate: seconds from POST /api/admin/generated-codes/generate for BENCH_CODES Free Fire codes
 *   until the workers have completed the request (GET /api/admin/generated-codes/requests/:id,
 *   polled every 250 ms).
 *
 * Tuning: BENCH_URL (the store), BENCH_CODES (100000), BENCH_TIMEOUT_SECONDS (longest wait for the
 * generation, 900), BENCH_DATABASE_URL (the store's database, else DATABASE_URL, else the store's
 * default).
 *
 * It acts as the store's admin (ADMIN_NICKNAME, else the first admin account): it signs that
 * account's session token with the store's JWT_SECRET, so the login protection never gets in the
 * way and no password is needed. It works on stock of its own, which it removes at the end: an
 * inactive product 'Benchmark import card' (`bench-import-<run>`) for the imported codes, and an
 * inactive Free Fire offer 'Benchmark offer <run>' for the generated ones (never published), with
 * their generation request. The audit log keeps its record of both, as for any admin.
 * The secrets and URLs come from the environment and the repository's .env, as for `npm start`.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '@topup/api/config';
import type { Db } from '@topup/api/db';
import { createTokenService } from '@topup/api/tokens';
import { assertStoreAnswers, positiveInteger, withStoreDb } from '../lib/store';

const envFile = fileURLToPath(new URL('../../.env', import.meta.url));
if (existsSync(envFile)) process.loadEnvFile(envFile);
const config = loadConfig();

const baseUrl = process.env.BENCH_URL ?? 'http://localhost:3000';
const databaseUrl = process.env.BENCH_DATABASE_URL ?? config.databaseUrl;
const codeCount = positiveInteger('BENCH_CODES', 100_000);
const generationTimeoutMs = positiveInteger('BENCH_TIMEOUT_SECONDS', 900) * 1000;
const POLL_MS = 250;
/** Lines the import body is written in, per chunk of the stream. */
const LINES_PER_CHUNK = 1000;

const seconds = (ms: number) => Math.round(ms / 10) / 100;
const perSecond = (count: number, ms: number) => (ms > 0 ? Math.round(count / (ms / 1000)) : 0);

async function main(): Promise<void> {
  await assertStoreAnswers(baseUrl);
  await withStoreDb(databaseUrl, 2, async (db) => {
    const run = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
    const token = await adminToken(db);
    const stock = await prepareStock(db, run);
    try {
      const imported = await importCodes(token, stock.productId, run);
      const generated = await generateCodes(token, stock.denominationId);
      report(imported, generated);
    } finally {
      await cleanUp(db, stock);
    }
  });
}

/** A session token of the store's admin, signed as the store signs them. */
async function adminToken(db: Db): Promise<string> {
  const admin: { id: number; token_version: number } | undefined =
    (await db('users').where({ role: 'admin' }).whereRaw('lower(nickname) = lower(?)', [config.adminNickname]).first('id', 'token_version')) ??
    (await db('users').where({ role: 'admin' }).orderBy('id').first('id', 'token_version'));
  if (!admin) throw new Error('The store has no admin account: run `npm run db:setup` (it seeds one)');
  return createTokenService({ secret: config.jwtSecret, ttlSeconds: 3600 }).sign({ userId: admin.id, tokenVersion: admin.token_version });
}

interface BenchStock {
  productId: number;
  denominationId: number;
}

/** The run's own inactive product and Free Fire offer, so nothing it makes is ever on sale. */
async function prepareStock(db: Db, run: string): Promise<BenchStock> {
  if (!(await db('products').where({ slug: 'freefire' }).first('id'))) {
    throw new Error('The store has no Free Fire product (slug "freefire"): run `npm run db:setup` (it seeds one)');
  }
  const [product] = await db('products')
    .insert({
      slug: `bench-import-${run}`,
      title: 'Benchmark import card',
      description: 'Imported by `npm run bench codes`; removed when the run ends.',
      category: 'gift_card',
      game_currency: 'USD',
      active: false,
    })
    .returning<Array<{ id: number }>>('id');
  // Offer ids of real offers are small; the bench takes one far above them.
  const itemId = 2_000_000_000 - randomBytes(3).readUIntBE(0, 3);
  // Codes name a Free Fire offer by its legacy id.
  const [denomination] = await db('game_denominations')
    .insert({ game_id: db.raw("(select g.id from games g join products p on p.id = g.product_id where p.slug = 'freefire')"), name: `Benchmark offer ${run}`, item_id: itemId, price_usd: 99, price_rub: 7_821, amount: 100, active: false })
    .returning<Array<{ legacy_id: number }>>('legacy_id');
  if (!product || !denomination) throw new Error('Could not create the benchmark stock');
  return { productId: product.id, denominationId: denomination.legacy_id };
}

function* importLines(run: string): Generator<string> {
  for (let start = 0; start < codeCount; start += LINES_PER_CHUNK) {
    let chunk = '';
    for (let index = start; index < Math.min(start + LINES_PER_CHUNK, codeCount); index += 1) {
      chunk += `BENCH-${run}-${index + 1}-${randomBytes(4).toString('hex')}, 1.00, 79.00, 1\n`.toUpperCase();
    }
    yield chunk;
  }
}

/** Streams the codes to the bulk import; resolves to the time until it answered and what it added. */
async function importCodes(token: string, productId: number, run: string) {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/admin/codes/bulk?productId=${productId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain; charset=utf-8' },
    body: Readable.toWeb(Readable.from(importLines(run))) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  const body = (await response.json()) as { added?: number; rejectedCount?: number; error?: { message: string } };
  const ms = performance.now() - started;
  if (response.status !== 200 && response.status !== 201) {
    throw new Error(`Bulk import answered ${response.status}: ${body.error?.message ?? JSON.stringify(body)}`);
  }
  return { ms, added: body.added ?? 0, rejected: body.rejectedCount ?? 0 };
}

/** Asks for the codes and waits for the workers to finish them. */
async function generateCodes(token: string, denominationId: number) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const started = performance.now();
  const accepted = await fetch(`${baseUrl}/api/admin/generated-codes/generate`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ denominationId, count: codeCount }),
  });
  const request = (await accepted.json()) as { id?: string; error?: { message: string } };
  if (accepted.status !== 202 || !request.id) {
    throw new Error(`Generation answered ${accepted.status}: ${request.error?.message ?? JSON.stringify(request)}`);
  }
  const deadline = started + generationTimeoutMs;
  for (;;) {
    const progress = await fetch(`${baseUrl}/api/admin/generated-codes/requests/${request.id}`, { headers });
    const state = (await progress.json()) as { status: string; generated: number; error: string | null };
    if (state.status === 'completed') return { ms: performance.now() - started, generated: state.generated, requestId: request.id };
    if (state.status === 'failed') throw new Error(`The generation failed: ${state.error}`);
    if (performance.now() > deadline) {
      throw new Error(`The generation was not done within ${generationTimeoutMs / 1000} s (${state.generated} of ${codeCount})`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Removes the run's codes, product, offer and generation request. */
async function cleanUp(db: Db, stock: BenchStock): Promise<void> {
  await db('stock_codes').where({ source: 'manual', product_id: stock.productId }).delete();
  await db('products').where({ id: stock.productId }).delete();
  // A generation still running (after a timeout) would go on adding codes: leave its offer be.
  const running = await db('code_generation_requests')
    .where({ denomination_id: stock.denominationId })
    .whereIn('status', ['queued', 'running'])
    .first('id');
  if (running) {
    console.warn(`codes: generation request ${running.id} is still running; its inactive offer and codes stay`);
    return;
  }
  await db('stock_codes')
    .where({ source: 'generated' })
    .whereIn('denomination_id', db('game_denominations').select('id').where({ legacy_id: stock.denominationId }))
    .delete();
  await db('code_generation_requests').where({ denomination_id: stock.denominationId }).delete();
  await db('game_denominations').where({ legacy_id: stock.denominationId }).delete();
}

function report(imported: { ms: number; added: number; rejected: number }, generated: { ms: number; generated: number }): void {
  const result = {
    benchmark: 'codes',
    baseUrl,
    codes: codeCount,
    importSeconds: seconds(imported.ms),
    importedCodes: imported.added,
    importRejected: imported.rejected,
    importCodesPerSecond: perSecond(imported.added, imported.ms),
    generateSeconds: seconds(generated.ms),
    generatedCodes: generated.generated,
    generateCodesPerSecond: perSecond(generated.generated, generated.ms),
  };
  console.warn(
    `codes: imported ${result.importedCodes} in ${result.importSeconds} s (${result.importCodesPerSecond}/s); generated ${result.generatedCodes} in ${result.generateSeconds} s (${result.generateCodesPerSecond}/s)`,
  );
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((err: unknown) => {
  console.error(`Codes benchmark failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
