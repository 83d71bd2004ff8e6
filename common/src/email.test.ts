import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, normaliseEmail } from './email';

describe('normaliseEmail', () => {
  it('trims the address and lower-cases its domain, keeping the mailbox as typed', () => {
    expect(normaliseEmail('  Olga.K@Mail.RU ')).toBe('Olga.K@mail.ru');
  });

  it.each(['', 'olga', 'olga@', '@mail.ru', 'olga@mail', 'ol ga@mail.ru', 'olga@mail..ru', 'a@b@c.ru'])('refuses %j', (raw) => {
    expect(normaliseEmail(raw)).toBeNull();
  });

  it('refuses an address longer than a mail server takes', () => {
    expect(normaliseEmail(`${'a'.repeat(EMAIL_MAX_LENGTH)}@mail.ru`)).toBeNull();
  });
});
