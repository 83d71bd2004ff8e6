import { describe, expect, it } from 'vitest';
import { codeDigits, groupedKey } from './api';

describe('two-factor helpers', () => {
  it('groups the key by four for reading', () => {
    expect(groupedKey('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(groupedKey('ABCDEF')).toBe('ABCD EF');
  });

  it('keeps the digits of a typed code, at most 6', () => {
    expect(codeDigits(' 123 456 ')).toBe('123456');
    expect(codeDigits('12a34567')).toBe('123456');
  });
});
