import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first two characters of a single word', () => {
    expect(initials('shopper')).toBe('SH');
    expect(initials('a')).toBe('A');
  });

  it('takes the first letters of two words', () => {
    expect(initials('john doe')).toBe('JD');
    expect(initials('dark_knight')).toBe('DK');
    expect(initials('proGamer')).toBe('PG');
    expect(initials('иван-петров')).toBe('ИП');
  });

  it('copes with symbols and blanks', () => {
    expect(initials('  ')).toBe('?');
    expect(initials('__x__')).toBe('X');
    expect(initials('!!')).toBe('?');
  });
});
