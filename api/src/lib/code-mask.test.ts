import { describe, expect, it } from 'vitest';
import { maskCode } from './code-mask';

describe('maskCode', () => {
  it('shows the first 3 and last 4 characters of a code of 12 characters or more', () => {
    expect(maskCode('ABCD-EFGH-1234')).toBe('ABC••••••1234');
    expect(maskCode('VTR-0001-XYZ')).toBe('VTR••••••-XYZ');
  });

  it('tells apart codes of one batch that share their end', () => {
    expect(['VTR-0001-XYZ', 'KLM-0002-XYZ'].map(maskCode)).toEqual(['VTR••••••-XYZ', 'KLM••••••-XYZ']);
  });

  it('shows the last 4 characters of a shorter code, and at most half of a short one', () => {
    expect(maskCode('ABCDEFGH123')).toBe('••••••H123');
    expect(maskCode('ABCDEFGH')).toBe('••••••EFGH');
    expect(maskCode('ABCDEF')).toBe('••••••DEF');
    expect(maskCode('A')).toBe('••••••');
  });

  it('always hides at least 5 characters of a long code', () => {
    for (let length = 12; length <= 40; length++) {
      const code = 'X'.repeat(length);
      const shown = maskCode(code).replace(/•/g, '').length;
      expect(length - shown).toBeGreaterThanOrEqual(5);
    }
  });
});
