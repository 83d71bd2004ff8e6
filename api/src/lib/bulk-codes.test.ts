import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import {
  importCodeLines,
  linesOfStream,
  linesOfText,
  parseManualCodeLine,
  parseSingleCodeLine,
  type NumberedLine,
  type PendingCode,
} from './bulk-codes';
import { createCodeCrypto } from '@topup/server-kit';

const codeCrypto = createCodeCrypto('11'.repeat(32));

async function collect(lines: AsyncIterable<NumberedLine>): Promise<NumberedLine[]> {
  const all: NumberedLine[] = [];
  for await (const line of lines) all.push(line);
  return all;
}

describe('reading lines', () => {
  it('numbers the lines of a text, blank ones included, without CR or BOM', () => {
    expect([...linesOfText('\uFEFFa,1\r\n\r\nb,2\nc')]).toEqual([
      { number: 1, text: 'a,1' },
      { number: 2, text: '' },
      { number: 3, text: 'b,2' },
      { number: 4, text: 'c' },
    ]);
  });

  it('splits a stream whose chunks cut lines and multi-byte characters anywhere', async () => {
    const bytes = Buffer.from('\uFEFFКОД-1, 1, 79, 1\r\nКОД-2, 2, 158, 2\n\nlast');
    const chunks = Array.from({ length: bytes.length }, (_, index) => bytes.subarray(index, index + 1));
    expect(await collect(linesOfStream(Readable.from(chunks)))).toEqual([
      { number: 1, text: 'КОД-1, 1, 79, 1' },
      { number: 2, text: 'КОД-2, 2, 158, 2' },
      { number: 3, text: '' },
      { number: 4, text: 'last' },
    ]);
  });

  it('stops with 413 once the stream passes the size limit', async () => {
    const stream = Readable.from([Buffer.from('a\nb\n'), Buffer.from('c\nd\n')]);
    const read: string[] = [];
    const error = await (async () => {
      for await (const line of linesOfStream(stream, 6)) read.push(line.text);
    })().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    expect(read).toEqual(['a', 'b']);
  });
});

describe('parsing lines', () => {
  it('reads a manual code line into minor units without floating point', () => {
    expect(parseManualCodeLine(' CODE-1 , 4.99, 394.2, 100 ')).toEqual({
      code: 'CODE-1',
      fields: { priceUsd: 499, priceRub: 39_420, gameAmount: 100 },
    });
    expect(parseManualCodeLine('C, 0.29, 0.57, 1')).toEqual({ code: 'C', fields: { priceUsd: 29, priceRub: 57, gameAmount: 1 } });
    expect(parseManualCodeLine('C, 0, 0, 1')).toMatchObject({ fields: { priceUsd: 0, priceRub: 0 } });
  });

  it('explains every malformed manual line', () => {
    const cases: Array<[string, string]> = [
      ['C, 1, 79', 'found 3'],
      ['C, 1, 79, 1, 5', 'found 5'],
      ['C, 1.234, 79, 1', 'more than 2 decimal places'],
      ['C, 1e3, 79, 1', 'is not a number'],
      ['C, 1, , 1', 'RUB price "" is not a number'],
      ['C, 1, 79, 1.5', 'whole number above 0'],
      ['C, 1, 79, 0', 'whole number above 0'],
      ['C, 1, 79, 99999999999', 'whole number above 0'],
      ['C, 100000001, 79, 1', 'is above'],
      [', 1, 79, 1', 'The code is empty'],
    ];
    for (const [line, message] of cases) {
      const parsed = parseManualCodeLine(line);
      expect({ line, error: 'error' in parsed ? parsed.error : null }).toEqual({ line, error: expect.stringContaining(message) });
    }
  });

  it('reads one PUBG code a line', () => {
    expect(parseSingleCodeLine('  UC-ABC-123 ')).toEqual({ code: 'UC-ABC-123', fields: {} });
    expect(parseSingleCodeLine('UC-1 UC-2')).toEqual({ error: expect.stringContaining('one code') });
    expect(parseSingleCodeLine('UC-1,5')).toEqual({ error: expect.stringContaining('one code') });
  });
});

describe('importing', () => {
  /** A table stand-in: the hashes already stored. */
  function fakeTable(stored: string[] = []) {
    const hashes = new Set(stored.map((code) => codeCrypto.hash(code)));
    const batches: number[] = [];
    return {
      batches,
      insertBatch: async (batch: Array<PendingCode<unknown>>) => {
        batches.push(batch.length);
        const inserted = new Set<string>();
        for (const row of batch) {
          if (!hashes.has(row.hash)) {
            hashes.add(row.hash);
            inserted.add(row.hash);
          }
        }
        return inserted;
      },
    };
  }

  it('inserts in batches and reports duplicates in line order', async () => {
    const table = fakeTable(['STORED-2']);
    const lines = ['A', 'STORED-2', 'B', 'A', '', 'C', 'bad code', 'D'];
    const result = await importCodeLines({
      lines: linesOfText(lines.join('\n')),
      parse: parseSingleCodeLine,
      codeCrypto,
      insertBatch: table.insertBatch,
      batchSize: 2,
    });
    expect(table.batches).toEqual([2, 2, 1]);
    expect(result).toEqual({
      added: 4,
      rejectedCount: 3,
      rejected: [
        { line: 2, reason: 'duplicate', message: 'This code is already stored' },
        { line: 4, reason: 'duplicate', message: 'The same code is on line 1' },
        { line: 7, reason: 'malformed', message: expect.any(String) },
      ],
    });
  });

  it('fails when an insert fails, after the insert has settled', async () => {
    let settled = false;
    const failing = importCodeLines({
      lines: linesOfText('A\nB\nC'),
      parse: parseSingleCodeLine,
      codeCrypto,
      batchSize: 1,
      insertBatch: async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        settled = true;
        throw new Error('database gone');
      },
    });
    await expect(failing).rejects.toThrow('database gone');
    expect(settled).toBe(true);
  });

  it('encrypts what it stores', async () => {
    const stored: Array<PendingCode<unknown>> = [];
    await importCodeLines({
      lines: linesOfText('SECRET-1'),
      parse: parseSingleCodeLine,
      codeCrypto,
      insertBatch: async (batch) => {
        stored.push(...batch);
        return new Set(batch.map((row) => row.hash));
      },
    });
    expect(stored[0]?.encrypted).not.toContain('SECRET');
    expect(codeCrypto.decrypt(stored[0]!.encrypted)).toBe('SECRET-1');
  });
});
