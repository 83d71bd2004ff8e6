import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCodeCrypto, parseCodesKey } from './code-crypto';

const KEY = '0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0';
const OTHER_KEY = randomBytes(32).toString('hex');

describe('code crypto', () => {
  const crypto = createCodeCrypto(KEY);

  it('round-trips a code, storing the trimmed form', () => {
    const stored = crypto.encrypt('  ABCD-EFGH-1234 \n');
    expect(stored).not.toContain('ABCD');
    expect(crypto.decrypt(stored)).toBe('ABCD-EFGH-1234');
  });

  it('encrypts the same code differently each time (random IV)', () => {
    expect(crypto.encrypt('SAME')).not.toBe(crypto.encrypt('SAME'));
  });

  it('rejects tampered ciphertext, tag or IV', () => {
    const stored = Buffer.from(crypto.encrypt('ABCD-EFGH-1234'), 'base64');
    for (const index of [0, 12, stored.length - 1]) {
      const tampered = Buffer.from(stored);
      tampered[index] = (tampered[index] ?? 0) ^ 0x01;
      expect(() => crypto.decrypt(tampered.toString('base64'))).toThrow(/authentication/);
    }
    expect(() => crypto.decrypt('c2hvcnQ=')).toThrow(/malformed/);
  });

  it('cannot decrypt under another key', () => {
    const stored = crypto.encrypt('ABCD');
    expect(() => createCodeCrypto(OTHER_KEY).decrypt(stored)).toThrow(/authentication/);
  });

  it('hashes equal codes equally, ignoring surrounding whitespace', () => {
    expect(crypto.hash('ABCD-1234')).toBe(crypto.hash(' ABCD-1234\t'));
    expect(crypto.hash('ABCD-1234')).toMatch(/^[0-9a-f]{64}$/);
    expect(crypto.hash('ABCD-1234')).not.toBe(crypto.hash('ABCD-1235'));
  });

  it('hashes differently under a different key', () => {
    expect(createCodeCrypto(OTHER_KEY).hash('ABCD-1234')).not.toBe(crypto.hash('ABCD-1234'));
  });

  it('accepts the key as hex or base64 and refuses a wrong length', () => {
    const base64 = Buffer.from(KEY, 'hex').toString('base64');
    expect(createCodeCrypto(base64).hash('X')).toBe(crypto.hash('X'));
    expect(() => parseCodesKey('abcd')).toThrow(/32 bytes/);
  });

  it('refuses to encrypt an empty code', () => {
    expect(() => crypto.encrypt('   ')).toThrow(/empty/);
  });
});
