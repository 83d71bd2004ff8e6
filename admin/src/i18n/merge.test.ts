import { describe, expect, it } from 'vitest';
import { mergeMessages } from './merge';

describe('mergeMessages', () => {
  it('keeps earlier keys that later trees lack and lets later trees win', () => {
    const merged = mergeMessages({ ra: { a: 'A', b: 'B' }, x: 'x' }, { ra: { b: 'Б' } });
    expect(merged).toEqual({ ra: { a: 'A', b: 'Б' }, x: 'x' });
  });

  it('does not mutate its inputs', () => {
    const base = { ra: { a: 'A' } };
    mergeMessages(base, { ra: { a: 'Z' } });
    expect(base.ra.a).toBe('A');
  });
});
