import { describe, expect, it } from 'vitest';
import { hasErrors, isLoginInputValid, messageParams, safeReturnPath, validateRegistration } from './validation';

const valid = { nickname: 'shopper', password: 'secret123', confirmPassword: 'secret123' };

describe('validateRegistration', () => {
  it('accepts a valid registration', () => {
    const errors = validateRegistration(valid);
    expect(errors).toEqual({});
    expect(hasErrors(errors)).toBe(false);
  });

  it('needs a nickname of at least 3 characters after trimming', () => {
    expect(validateRegistration({ ...valid, nickname: 'ab' }).nickname).toBe('nickname_too_short');
    expect(validateRegistration({ ...valid, nickname: '  ab   ' }).nickname).toBe('nickname_too_short');
    expect(validateRegistration({ ...valid, nickname: 'abc' }).nickname).toBeUndefined();
  });

  it('allows letters of any alphabet, digits, _ . and -, the same rule as the API', () => {
    expect(validateRegistration({ ...valid, nickname: 'Игрок_2.0-uz' }).nickname).toBeUndefined();
    expect(validateRegistration({ ...valid, nickname: 'two words' }).nickname).toBe('nickname_invalid');
    expect(validateRegistration({ ...valid, nickname: 'gamer🎮' }).nickname).toBe('nickname_invalid');
    expect(validateRegistration({ ...valid, nickname: 'bad!' }).nickname).toBe('nickname_invalid');
  });

  it('rejects nicknames longer than 32 characters', () => {
    expect(validateRegistration({ ...valid, nickname: 'a'.repeat(33) }).nickname).toBe('nickname_too_long');
    expect(validateRegistration({ ...valid, nickname: 'a'.repeat(32) }).nickname).toBeUndefined();
  });

  it('needs a password of at least 8 characters', () => {
    expect(validateRegistration({ ...valid, password: 'abc1234', confirmPassword: 'abc1234' }).password).toBe(
      'password_too_short',
    );
    expect(validateRegistration({ ...valid, password: 'abcd1234', confirmPassword: 'abcd1234' }).password).toBeUndefined();
  });

  it('needs a digit in the password', () => {
    expect(validateRegistration({ ...valid, password: 'abcdefgh', confirmPassword: 'abcdefgh' }).password).toBe(
      'password_no_number',
    );
  });

  it('rejects overlong passwords', () => {
    const long = `${'a'.repeat(128)}1`;
    expect(validateRegistration({ ...valid, password: long, confirmPassword: long }).password).toBe('password_too_long');
  });

  it('needs the confirmation to equal the password', () => {
    expect(validateRegistration({ ...valid, confirmPassword: 'secret124' }).confirmPassword).toBe('passwords_dont_match');
    expect(validateRegistration({ ...valid, confirmPassword: '' }).confirmPassword).toBe('passwords_dont_match');
  });

  it('reports every failing field at once', () => {
    const errors = validateRegistration({ nickname: 'x', password: 'short', confirmPassword: 'other' });
    expect(errors).toEqual({
      nickname: 'nickname_too_short',
      password: 'password_too_short',
      confirmPassword: 'passwords_dont_match',
    });
    expect(hasErrors(errors)).toBe(true);
  });

  it('gives the limits to interpolate', () => {
    expect(messageParams('nickname_too_short')).toEqual({ min: 3, max: 32 });
    expect(messageParams('password_too_short')).toEqual({ min: 8, max: 128 });
    expect(messageParams('passwords_dont_match')).toEqual({});
  });
});

describe('isLoginInputValid', () => {
  it('needs both fields non-empty after trimming', () => {
    expect(isLoginInputValid({ nickname: 'shopper', password: 'x' })).toBe(true);
    expect(isLoginInputValid({ nickname: '   ', password: 'x' })).toBe(false);
    expect(isLoginInputValid({ nickname: 'shopper', password: '  ' })).toBe(false);
  });
});

describe('safeReturnPath', () => {
  it('returns in-app paths from a string or a location', () => {
    expect(safeReturnPath('/products/roblox')).toBe('/products/roblox');
    expect(safeReturnPath({ pathname: '/profile', search: '?a=1', hash: '' })).toBe('/profile?a=1');
  });

  it('falls back to / for anything unsafe or missing', () => {
    expect(safeReturnPath(undefined)).toBe('/');
    expect(safeReturnPath('https://evil.example')).toBe('/');
    expect(safeReturnPath('//evil.example')).toBe('/');
    expect(safeReturnPath('/login')).toBe('/');
    expect(safeReturnPath('/register?x=1')).toBe('/');
    expect(safeReturnPath(42)).toBe('/');
  });
});
