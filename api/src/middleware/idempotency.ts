import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { ErrorCode } from '@topup/common';
import { AppError, validationFailed } from '../lib/app-error';
import type { IdempotencyKey } from '../models';
import type { AppContext, AppMiddleware, IdempotencyClaim } from '../types';
import { currentUser } from './auth';
import { renderError } from './error-handler';

/** How long a first answer is replayed for. */
const RETENTION_HOURS = 24;
/**
 * A 'running' claim older than this belongs to a process that died (no money call takes near this
 * long); the next request with the same key and body takes it over.
 */
export const LOCK_TIMEOUT_SECONDS = 60;
/** 1 to 255 printable ASCII characters. */
const VALID_KEY = /^[\x20-\x7e]{1,255}$/;
/** Claims tried when the conflicting record vanishes between the claim and the read of it. */
const CLAIM_ATTEMPTS = 3;

/** What a later request with the same key is answered from. */
type KeyRecord = Pick<IdempotencyKey, 'request_hash' | 'state' | 'response_status' | 'response_body' | 'response_type'>;

interface Claim extends IdempotencyClaim {
  userId: number;
  /** locked_at as Postgres prints it (microseconds kept): identifies this claim, not a later taker's. */
  lockedAt: string;
}

/** The header's value; undefined when absent; 400 when present but not a valid key. */
function idempotencyKey(ctx: AppContext): string | undefined {
  const value = ctx.headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !VALID_KEY.test(value)) {
    throw validationFailed('The Idempotency-Key header must be 1 to 255 printable ASCII characters', [
      { field: 'Idempotency-Key', message: 'must be 1 to 255 printable ASCII characters' },
    ]);
  }
  return value;
}

/** JSON with object keys sorted at every level, so equal values always give equal text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const members = Object.keys(record)
      .sort()
      .map((name) => `${JSON.stringify(name)}:${canonicalJson(record[name])}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What identifies a request: method, path and the parsed body in canonical form. The parsed body,
 * not the raw bytes, because a client retrying the same call may serialise it again with another key
 * order or spacing; that is still the same request (the handler acts on the parsed body) and must be
 * replayed, not refused as a reuse.
 */
function requestHash(ctx: AppContext): string {
  return createHash('sha256')
    .update(`${ctx.method}\n${ctx.path}\n${canonicalJson(ctx.request.body ?? {})}`)
    .digest('hex');
}

/**
 * Claims the key in one statement: inserts a 'running' record, or takes over one that has expired
 * or whose running claim was abandoned (same request only). A concurrent claimer waits on the row
 * lock and then sees the fresh claim, so two takers can never both run. Taking over an abandoned
 * claim continues the same use of the key (its start and its 24 hours stay), so the re-run finds
 * the order the first run placed. Null when not claimed.
 */
async function claimKey(db: Knex, userId: number, key: string, hash: string): Promise<Claim | null> {
  const { rows } = await db.raw<{ rows: Array<{ locked_at: string; created_at: string }> }>(
    `INSERT INTO idempotency_keys AS k (user_id, key, request_hash, state, locked_at, created_at, expires_at)
     VALUES (:userId, :key, :hash, 'running', now(), now(), now() + make_interval(hours => :retention))
     ON CONFLICT (user_id, key) DO UPDATE
       SET request_hash = EXCLUDED.request_hash, state = 'running', response_status = NULL,
           response_body = NULL, response_type = NULL, locked_at = now(),
           created_at = CASE WHEN k.expires_at < now() THEN now() ELSE k.created_at END,
           expires_at = CASE WHEN k.expires_at < now() THEN EXCLUDED.expires_at ELSE k.expires_at END
       WHERE k.expires_at < now()
          OR (k.state = 'running' AND k.request_hash = EXCLUDED.request_hash
              AND k.locked_at < now() - make_interval(secs => :lockTimeout))
     RETURNING locked_at::text AS locked_at, created_at::text AS created_at`,
    { userId, key, hash, retention: RETENTION_HOURS, lockTimeout: LOCK_TIMEOUT_SECONDS },
  );
  const row = rows[0];
  return row ? { userId, key, lockedAt: row.locked_at, since: row.created_at } : null;
}

/** This request's claim, unless another request has since taken the key over. */
const ownClaim = (db: Knex, claim: Claim) =>
  db('idempotency_keys')
    .where({ user_id: claim.userId, key: claim.key, state: 'running' })
    .whereRaw('locked_at = ?::timestamptz', [claim.lockedAt]);

/** The response body as the bytes Koa will send, or undefined for a body that cannot be kept (a stream). */
function bodyText(body: unknown): string | null | undefined {
  if (body == null) return null;
  if (typeof body === 'string') return body;
  if (Buffer.isBuffer(body)) return body.toString('utf8');
  if (typeof (body as { pipe?: unknown }).pipe === 'function') return undefined;
  return JSON.stringify(body);
}

/**
 * Keeps a final answer for replay. A 5xx (our failure) and a 429 (not run at all) release the key
 * instead, so the same key can be retried. The answer is sent even when storing it fails: the client
 * must learn what happened to its money.
 */
async function settle(db: Knex, ctx: AppContext, claim: Claim): Promise<void> {
  const text = bodyText(ctx.body);
  const keep = ctx.status < 500 && ctx.status !== 429 && text !== undefined;
  try {
    if (!keep) {
      await ownClaim(db, claim).delete();
      return;
    }
    // The exact text Koa sends, so a replay is byte for byte the same.
    if (text !== null && typeof ctx.body !== 'string') ctx.body = text;
    const stored = await ownClaim(db, claim).update({
      state: 'done',
      response_status: ctx.status,
      response_body: text,
      response_type: ctx.response.get('Content-Type') || null,
    });
    if (stored === 0) ctx.state.log.warn({ key: claim.key }, 'Idempotency claim was taken over before the answer was stored');
  } catch (err) {
    ctx.state.log.error({ err, key: claim.key }, 'Could not record the idempotent answer');
  }
}

function replay(ctx: AppContext, record: KeyRecord): void {
  ctx.status = record.response_status ?? 200;
  // The type first, so Koa does not guess one from the body.
  if (record.response_type) ctx.set('Content-Type', record.response_type);
  ctx.set('Idempotent-Replayed', 'true');
  ctx.body = record.response_body;
}

const keyInUse = () =>
  new AppError(409, ErrorCode.IDEMPOTENCY_KEY_IN_USE, 'A request with this Idempotency-Key is still being processed. Try again in a moment.');

/** Answers a request whose key is held by another: replay, reuse (422) or still running (409). */
function answerFromRecord(ctx: AppContext, record: KeyRecord, hash: string): void {
  if (record.request_hash !== hash) {
    throw new AppError(422, ErrorCode.IDEMPOTENCY_KEY_REUSED, 'This Idempotency-Key was already used for a different request');
  }
  if (record.state === 'running') throw keyInUse();
  replay(ctx, record);
}

/**
 * Stripe-style idempotency for the money calls: with an `Idempotency-Key` header, the first answer
 * (any status but 5xx and 429) is stored per user and key for 24 hours and replayed for a repeat. Goes after
 * authentication and before rate limits and validation, so a replay neither counts nor is re-checked.
 * The answer is stored after the handler's transaction commits, so a crash in between loses it; the
 * handler is handed the claim (ctx.state.idempotency) and writes the key on the order it places in
 * that transaction, so the re-run finds that order and answers it instead of moving money again.
 */
export function idempotent(db: Knex): AppMiddleware {
  return async (ctx, next) => {
    const key = idempotencyKey(ctx);
    if (key === undefined) return next();
    const userId = currentUser(ctx).id;
    const hash = requestHash(ctx);

    for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt += 1) {
      const claim = await claimKey(db, userId, key, hash);
      if (claim) {
        ctx.state.idempotency = { key, since: claim.since };
        try {
          await next();
        } catch (err) {
          // Rendered here, as the error handler would, so the answer to store is the one sent.
          renderError(ctx, err);
        }
        await settle(db, ctx, claim);
        return;
      }
      const record = await db('idempotency_keys')
        .where({ user_id: userId, key })
        .first<KeyRecord | undefined>('request_hash', 'state', 'response_status', 'response_body', 'response_type');
      // Gone since the claim failed (its first request ended in a 5xx): claim again.
      if (record) {
        answerFromRecord(ctx, record, hash);
        return;
      }
    }
    throw keyInUse();
  };
}

/** Deletes expired records in batches (so no single statement holds many locks); resolves to how many. */
export async function pruneIdempotencyKeys(db: Knex, batchSize = 5000): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await db('idempotency_keys')
      .whereIn(
        ['user_id', 'key'],
        db('idempotency_keys').select('user_id', 'key').where('expires_at', '<', db.fn.now()).limit(batchSize),
      )
      .delete();
    total += deleted;
    if (deleted < batchSize) return total;
  }
}
