import { StringDecoder } from 'node:string_decoder';
import { ErrorCode } from '@topup/common';
import {
  CODE_MAX_LENGTH,
  MAX_PRICE,
  readManualCodeLine,
  readSingleCodeLine,
  type CodeLineProblem,
  type CodeLineReading,
  type ManualCodeFields,
} from '@topup/common/api';
import { AppError } from './app-error';
import type { CodeCrypto } from '@topup/server-kit';
import { unstorableReason } from './storable-text';

/**
 * Bulk loading of activation codes (common/src/api/admin-codes.ts): lines read one by one from a
 * string or a request stream, checked by the line grammar the back office's preview shares
 * (common/src/bulk-code-lines.ts), de-duplicated within the file and against the table, and
 * inserted in batches. Memory stays bounded by the batch, plus one short key per code seen.
 */

/** Largest streamed upload (the JSON form is bounded by the normal body limit). */
export const BULK_MAX_BYTES = 10_000_000;
/** Rows per INSERT. */
export const BULK_BATCH_SIZE = 1000;
/** Rejections listed in the answer; `rejectedCount` counts them all. */
export const MAX_LISTED_REJECTIONS = 1000;
/** The grammar's fields of a manual code, for the codes DAL that reads its types from here. */
export type { ManualCodeFields };

export interface NumberedLine {
  /** 1-based, counting blank lines too, so it matches the admin's editor. */
  number: number;
  text: string;
}

export interface BulkRejection {
  line: number;
  reason: 'duplicate' | 'malformed';
  message: string;
}

export interface BulkResult {
  added: number;
  rejected: BulkRejection[];
  rejectedCount: number;
}

export type LineParse<Fields> = { code: string; fields: Fields } | { error: string };

/** A checked line on its way into the table. */
export interface PendingCode<Fields> {
  line: number;
  hash: string;
  encrypted: string;
  fields: Fields;
}

const payloadTooLarge = () =>
  new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, `The file is too large: at most ${BULK_MAX_BYTES} bytes per upload`);

const withoutBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
const withoutCr = (text: string) => (text.endsWith('\r') ? text.slice(0, -1) : text);

/** The lines of a text already in memory (the JSON form). */
export function* linesOfText(text: string): Generator<NumberedLine> {
  const lines = withoutBom(text).split('\n');
  for (let index = 0; index < lines.length; index++) yield { number: index + 1, text: withoutCr(lines[index]!) };
}

/**
 * The lines of a byte stream (a request body), decoded as UTF-8 as they arrive. Reading pauses while
 * the consumer works, so the body is never held whole. Past `maxBytes` it throws 413.
 */
export async function* linesOfStream(
  stream: AsyncIterable<Buffer | string>,
  maxBytes = BULK_MAX_BYTES,
): AsyncGenerator<NumberedLine> {
  const decoder = new StringDecoder('utf8');
  let received = 0;
  let pending = '';
  let number = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    received += bytes.length;
    if (received > maxBytes) throw payloadTooLarge();
    pending += decoder.write(bytes);
    let newline = pending.indexOf('\n');
    let start = 0;
    while (newline !== -1) {
      number += 1;
      const text = pending.slice(start, newline);
      yield { number, text: withoutCr(number === 1 ? withoutBom(text) : text) };
      start = newline + 1;
      newline = pending.indexOf('\n', start);
    }
    pending = pending.slice(start);
  }
  pending += decoder.end();
  if (pending !== '') {
    number += 1;
    yield { number, text: withoutCr(number === 1 ? withoutBom(pending) : pending) };
  }
}

/** Checks the size a client declared before a byte is read. */
export function assertDeclaredSize(contentLength: string, maxBytes = BULK_MAX_BYTES): void {
  if (contentLength !== '' && Number(contentLength) > maxBytes) throw payloadTooLarge();
}

const PRICE_LABELS = { price_usd: 'USD price', price_rub: 'RUB price' } as const;

const CODE_MESSAGES = {
  empty: 'The code is empty',
  too_long: `The code is longer than ${CODE_MAX_LENGTH} characters`,
  not_one_code: 'A line holds one code: no spaces or commas inside it',
} as const;

/** The API's wording of what the grammar found wrong with a line. */
export function problemMessage(problem: CodeLineProblem): string {
  switch (problem.problem) {
    case 'fields':
      return `Expected 4 comma-separated fields (code, USD price, RUB price, game amount), found ${problem.found}`;
    case 'code':
      return CODE_MESSAGES[problem.reason];
    case 'game_amount':
      return `Game amount "${problem.text}" must be a whole number above 0`;
    default: {
      const price = `${PRICE_LABELS[problem.problem]} "${problem.text}"`;
      if (problem.reason === 'not_a_number') return `${price} is not a number (use digits and a dot, e.g. 4.99)`;
      if (problem.reason === 'too_many_decimals') return `${price} has more than 2 decimal places`;
      return `${price} is above ${MAX_PRICE}`;
    }
  }
}

function worded<Fields>(reading: CodeLineReading<Fields>): LineParse<Fields> {
  return 'problem' in reading ? { error: problemMessage(reading) } : reading;
}

/** A manual code line: `code, USD price, RUB price, game amount`. */
export const parseManualCodeLine = (text: string): LineParse<ManualCodeFields> => worded(readManualCodeLine(text));

/** A PUBG code line: one code, nothing else. */
export const parseSingleCodeLine = (text: string): LineParse<Record<string, never>> => worded(readSingleCodeLine(text));

/** Keeps the rejections with the lowest line numbers (the first ones of the file) and counts all. */
class Rejections {
  private listed: BulkRejection[] = [];
  count = 0;

  add(rejection: BulkRejection): void {
    this.count += 1;
    this.listed.push(rejection);
    // Duplicates found by the database arrive a batch late, so order by line before cutting.
    if (this.listed.length >= 2 * MAX_LISTED_REJECTIONS) this.trim();
  }

  trim(): BulkRejection[] {
    this.listed.sort((a, b) => a.line - b.line);
    this.listed.length = Math.min(this.listed.length, MAX_LISTED_REJECTIONS);
    return this.listed;
  }
}

export interface ImportOptions<Fields> {
  lines: Iterable<NumberedLine> | AsyncIterable<NumberedLine>;
  parse: (text: string) => LineParse<Fields>;
  codeCrypto: CodeCrypto;
  /** Inserts the batch, skipping codes already stored (same hash); resolves to the hashes it inserted. */
  insertBatch: (batch: Array<PendingCode<Fields>>) => Promise<Set<string>>;
  batchSize?: number;
}

/** Reads, checks and inserts every line; blank lines are skipped. */
export async function importCodeLines<Fields>(options: ImportOptions<Fields>): Promise<BulkResult> {
  const { codeCrypto, parse, insertBatch } = options;
  const batchSize = options.batchSize ?? BULK_BATCH_SIZE;
  const rejections = new Rejections();
  // 128 bits of the keyed hash identify a code within one file; the full hash decides in the table.
  const seen = new Map<string, number>();
  let batch: Array<PendingCode<Fields>> = [];
  let added = 0;
  // One INSERT runs while the next batch is read and encrypted: the database and this process work
  // side by side. Inserts still run one at a time, in file order.
  let inFlight: Promise<void> = Promise.resolve();

  async function flush(): Promise<void> {
    if (batch.length === 0) return;
    const current = batch;
    batch = [];
    await inFlight;
    inFlight = insertBatch(current).then((inserted) => {
      added += inserted.size;
      for (const pending of current) {
        if (!inserted.has(pending.hash)) {
          rejections.add({ line: pending.line, reason: 'duplicate', message: 'This code is already stored' });
        }
      }
    });
    // A failure surfaces at the next await of inFlight; this only keeps it from counting as unhandled.
    inFlight.catch(() => undefined);
  }

  try {
    for await (const line of options.lines) {
      if (line.text.trim() === '') continue;
      // Text Postgres cannot store is one bad line, like any other, not a failed upload.
      const unstorable = unstorableReason(line.text);
      if (unstorable) {
        rejections.add({ line: line.number, reason: 'malformed', message: `The line ${unstorable}` });
        continue;
      }
      const parsed = parse(line.text);
      if ('error' in parsed) {
        rejections.add({ line: line.number, reason: 'malformed', message: parsed.error });
        continue;
      }
      const hash = codeCrypto.hash(parsed.code);
      const key = hash.slice(0, 32);
      const firstLine = seen.get(key);
      if (firstLine !== undefined) {
        rejections.add({ line: line.number, reason: 'duplicate', message: `The same code is on line ${firstLine}` });
        continue;
      }
      seen.set(key, line.number);
      batch.push({ line: line.number, hash, encrypted: codeCrypto.encrypt(parsed.code), fields: parsed.fields });
      if (batch.length >= batchSize) await flush();
    }
    await flush();
    await inFlight;
  } catch (error) {
    // Never leave an INSERT running behind a failed import (its transaction is about to roll back).
    await inFlight.catch(() => undefined);
    throw error;
  }
  return { added, rejected: rejections.trim(), rejectedCount: rejections.count };
}
