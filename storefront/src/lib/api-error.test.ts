import { describe, expect, it } from 'vitest';
import { ApiError, isRetryableError, normalizeApiError, toApiError } from './api-error';

describe('normalizeApiError', () => {
  it('reads code, message and details from the error body', () => {
    const error = normalizeApiError({
      status: 409,
      body: { error: { code: 'NICKNAME_TAKEN', message: 'Nickname is taken', details: { field: 'nickname' } } },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('NICKNAME_TAKEN');
    expect(error.message).toBe('Nickname is taken');
    expect(error.details).toEqual({ field: 'nickname' });
    expect(error.status).toBe(409);
  });

  it('falls back to UNEXPECTED_ERROR when there is no code', () => {
    const error = normalizeApiError({ status: 500, body: { error: { message: 'Boom' } } });
    expect(error.code).toBe('UNEXPECTED_ERROR');
    expect(error.message).toBe('Boom');
  });

  it('uses an error string as the message', () => {
    const error = normalizeApiError({ status: 400, body: { error: 'Bad things' } });
    expect(error.code).toBe('UNEXPECTED_ERROR');
    expect(error.message).toBe('Bad things');
  });

  it('uses the errors field as details', () => {
    const error = normalizeApiError({ status: 400, body: { error: 'Invalid', errors: [{ field: 'a' }] } });
    expect(error.details).toEqual([{ field: 'a' }]);
  });

  it('prefers error.details over errors', () => {
    const error = normalizeApiError({ status: 400, body: { error: { code: 'X', details: 1 }, errors: 2 } });
    expect(error.details).toBe(1);
  });

  it('falls back to the transport message, then to Unexpected error', () => {
    expect(normalizeApiError({ status: 502, body: '<html>', transportMessage: 'Request failed with status 502' }).message).toBe(
      'Request failed with status 502',
    );
    expect(normalizeApiError({}).message).toBe('Unexpected error');
  });

  it('reports a missing response as status 0', () => {
    const error = normalizeApiError({ transportMessage: 'Failed to fetch' });
    expect(error.status).toBe(0);
    expect(error.isNetworkError).toBe(true);
    expect(error.message).toBe('Failed to fetch');
  });

  it('ignores blank strings and non-object bodies', () => {
    const error = normalizeApiError({ status: 500, body: { error: { code: '  ', message: '' } } });
    expect(error.code).toBe('UNEXPECTED_ERROR');
    expect(error.message).toBe('Unexpected error');
    expect(normalizeApiError({ status: 500, body: ['x'] }).code).toBe('UNEXPECTED_ERROR');
  });
});

describe('toApiError', () => {
  it('passes ApiError through', () => {
    const original = normalizeApiError({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'x' } } });
    expect(toApiError(original)).toBe(original);
  });

  it('wraps thrown errors as network errors', () => {
    const error = toApiError(new TypeError('Failed to fetch'));
    expect(error.status).toBe(0);
    expect(error.message).toBe('Failed to fetch');
    expect(error.code).toBe('UNEXPECTED_ERROR');
  });
});

describe('isRetryableError', () => {
  const withStatus = (status: number) => normalizeApiError({ status });
  it('retries network failures and server errors only', () => {
    expect(isRetryableError(withStatus(0))).toBe(true);
    expect(isRetryableError(withStatus(503))).toBe(true);
    expect(isRetryableError(withStatus(429))).toBe(true);
    expect(isRetryableError(withStatus(400))).toBe(false);
    expect(isRetryableError(withStatus(401))).toBe(false);
    expect(isRetryableError(withStatus(404))).toBe(false);
    expect(isRetryableError(withStatus(409))).toBe(false);
  });
});
