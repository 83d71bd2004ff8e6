import { describe, expect, it } from 'vitest';
import { normalizeApiError } from '../../lib/api-error';
import { loginFailure, registerFailure, twoFactorFailure } from './errors';

const failure = (status: number, code?: string) =>
  normalizeApiError({ status, body: code ? { error: { code, message: 'x' } } : undefined });

describe('loginFailure', () => {
  it('maps the login failures of the specification', () => {
    expect(loginFailure(failure(401, 'INVALID_CREDENTIALS'))).toEqual({ key: 'validation.invalid_credentials' });
    expect(loginFailure(failure(404))).toEqual({ key: 'errors.user_not_found' });
    expect(loginFailure(failure(500))).toEqual({ key: 'errors.server_error' });
    expect(loginFailure(failure(0))).toEqual({ key: 'errors.network_error' });
    expect(loginFailure(failure(429, 'RATE_LIMITED'))).toEqual({ key: 'errors.rate_limited' });
    expect(loginFailure(failure(400, 'VALIDATION_FAILED'))).toEqual({ key: 'errors.general' });
  });

  it('says how many minutes a blocked login waits, rounded up', () => {
    const blocked = (retryAfterSeconds: number) =>
      normalizeApiError({ status: 429, body: { error: { code: 'RATE_LIMITED', message: 'x', details: { retryAfterSeconds } } } });
    expect(loginFailure(blocked(900))).toEqual({ key: 'errors.login_blocked', minutes: 15 });
    expect(loginFailure(blocked(61))).toEqual({ key: 'errors.login_blocked', minutes: 2 });
    expect(loginFailure(blocked(5))).toEqual({ key: 'errors.login_blocked', minutes: 1 });
  });
});

describe('registerFailure', () => {
  it('reports a taken nickname on the nickname field', () => {
    expect(registerFailure(failure(409, 'NICKNAME_TAKEN'))).toEqual({ fields: { nickname: 'nickname_taken' } });
  });

  it("puts a 400's named fields under those fields", () => {
    const refused = normalizeApiError({
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Please correct the highlighted fields',
          details: [
            { field: 'nickname', message: 'nickname_invalid' },
            { field: 'confirmPassword', message: 'passwords_dont_match' },
            { field: 'elsewhere', message: 'nickname_invalid' },
          ],
        },
      },
    });
    expect(registerFailure(refused)).toEqual({ fields: { nickname: 'nickname_invalid', confirmPassword: 'passwords_dont_match' } });
  });

  it('reports anything else as a general error', () => {
    expect(registerFailure(failure(400, 'VALIDATION_FAILED'))).toEqual({ general: 'errors.validation_failed' });
    expect(registerFailure(failure(503))).toEqual({ general: 'errors.server_error' });
    expect(registerFailure(failure(0))).toEqual({ general: 'errors.network_error' });
    expect(registerFailure(failure(418))).toEqual({ general: 'errors.general' });
  });
});

describe('twoFactorFailure', () => {
  it('reports a wrong code with the attempts left, and an ended challenge', () => {
    const wrong = normalizeApiError({ status: 401, body: { error: { code: 'INVALID_TWO_FACTOR_CODE', message: 'x', details: { attemptsLeft: 3 } } } });
    expect(twoFactorFailure(wrong)).toEqual({ key: 'security.code_wrong', attemptsLeft: 3 });
    expect(twoFactorFailure(failure(401, 'TWO_FACTOR_CHALLENGE_EXPIRED'))).toEqual({ key: 'security.challenge_expired' });
    expect(twoFactorFailure(failure(0)).key).toBe('errors.network_error');
    expect(twoFactorFailure(failure(502)).key).toBe('errors.server_error');
  });
});
