import { describe, expect, it } from 'vitest';
import { unstorableReason, unstorableTextIn } from './storable-text';

describe('unstorableReason', () => {
  it('names a NUL and an unpaired surrogate, and passes any other text', () => {
    expect(unstorableReason('a\u0000b')).toBe('must not contain a NUL character (U+0000)');
    for (const lone of ['\ud800', 'a\udbff', '\udc00b', 'x\ude00\ud83d']) {
      expect(unstorableReason(lone)).toBe('must not contain an unpaired surrogate (invalid Unicode)');
    }
    for (const fine of ['', 'plain', 'Türkiye 🇹🇷 😀', '\u0001\u001f\ufffd', '\ud83d\ude00']) expect(unstorableReason(fine)).toBeUndefined();
  });
});

describe('unstorableTextIn', () => {
  it('names every bad string and key by its path, in order', () => {
    const value = { a: 'ok', b: ['ok', 'x\u0000'], c: { 'k\u0000': 'fine', d: '\ud800' }, n: 1, t: true, z: null };
    expect(unstorableTextIn(value)).toEqual([
      { field: 'b.1', message: 'must not contain a NUL character (U+0000)' },
      { field: 'c.k\\u0000', message: 'is a field name that must not contain a NUL character (U+0000)' },
      { field: 'c.d', message: 'must not contain an unpaired surrogate (invalid Unicode)' },
    ]);
    expect(unstorableTextIn({ q: 'a\u0000' }, 'filter')).toEqual([{ field: 'filter.q', message: expect.any(String) }]);
    expect(unstorableTextIn('\u0000')).toEqual([{ field: '', message: expect.any(String) }]);
  });

  it('walks a deeply nested value without overflowing the stack, and lists at most 100 problems', () => {
    let deep: unknown = 'bottom\u0000';
    for (let level = 0; level < 200_000; level++) deep = [deep];
    expect(unstorableTextIn(deep)).toHaveLength(1);
    expect(unstorableTextIn(Array.from({ length: 1000 }, () => '\u0000'))).toHaveLength(100);
  });
});
