import { describe, expect, it } from 'vitest';
import { normalizeApiError } from '../../../lib/api-error';
import { changePasswordFailure, validatePasswordChange } from './password-change';

const failure = (status: number, code?: string) =>
  normalizeApiError({ status, body: code ? { error: { code, message: 'x' } } : undefined });

describe('validatePasswordChange', () => {
  it('accepts a current password and a new one of 8 characters with a digit, typed twice', () => {
    expect(validatePasswordChange({ currentPassword: 'old', newPassword: 'newpass12', confirmPassword: 'newpass12' })).toEqual({});
  });

  it('names each failed rule with the key the form shows', () => {
    expect(validatePasswordChange({ currentPassword: '', newPassword: 'short1', confirmPassword: 'short2' })).toEqual({
      currentPassword: 'security.current_password_required',
      newPassword: 'validation.password_too_short',
      confirmPassword: 'validation.passwords_dont_match',
    });
    expect(validatePasswordChange({ currentPassword: 'x', newPassword: 'nodigitshere', confirmPassword: 'nodigitshere' })).toEqual({
      newPassword: 'validation.password_no_number',
    });
  });
});

describe('changePasswordFailure', () => {
  it('puts a wrong current password and a refused new one on their fields', () => {
    expect(changePasswordFailure(failure(401, 'INVALID_CREDENTIALS'))).toEqual({ field: 'currentPassword', key: 'security.current_password_wrong' });
    const weak = normalizeApiError({
      status: 400,
      body: { error: { code: 'VALIDATION_FAILED', message: 'x', details: [{ field: 'newPassword', message: 'password_no_number' }] } },
    });
    expect(changePasswordFailure(weak)).toEqual({ field: 'newPassword', key: 'password_no_number' });
    expect(changePasswordFailure(failure(429, 'RATE_LIMITED'))).toEqual({ field: null, key: 'errors.rate_limited' });
    expect(changePasswordFailure(failure(400, 'VALIDATION_FAILED'))).toEqual({ field: null, key: 'security.change_password_failed' });
  });
});
