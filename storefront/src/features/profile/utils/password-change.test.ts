import { describe, expect, it } from 'vitest';
import { validatePasswordChange } from './password-change';

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
