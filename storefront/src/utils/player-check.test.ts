import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { normalizePlayerId, playerCheckErrorText, verifiedNameFor } from './player-check';
import { ApiError } from '../lib/api-error';

/** The key asked for and its values, in place of the text. */
const t = ((key: string, values?: object) => (values ? `${key} ${JSON.stringify(values)}` : key)) as TFunction;

describe('player check', () => {
  it('sends the id without surrounding blanks', () => {
    expect(normalizePlayerId('  123456789 ')).toBe('123456789');
  });

  it('shows the verified name only for the id it was found for', () => {
    const verified = { playerId: '123456789', name: 'Player6789' };
    expect(verifiedNameFor(verified, '123456789')).toBe('Player6789');
    expect(verifiedNameFor(verified, ' 123456789 ')).toBe('Player6789');
    expect(verifiedNameFor(verified, '12345678')).toBeNull();
    expect(verifiedNameFor(verified, '')).toBeNull();
    expect(verifiedNameFor(null, '123456789')).toBeNull();
  });

  it("reports a failed check as 'failed to verify', a rate limit with how long to wait", () => {
    expect(playerCheckErrorText(t, new ApiError({ code: 'SERVICE_UNAVAILABLE', message: 'x', status: 503 }))).toBe('games.failed_to_verify');
    expect(playerCheckErrorText(t, new Error('offline'))).toBe('games.failed_to_verify');
    expect(playerCheckErrorText(t, new ApiError({ code: 'RATE_LIMITED', message: 'x', status: 429 }))).toBe('errors.rate_limited');
    const limited = (retryAfterSeconds: number) => new ApiError({ code: 'RATE_LIMITED', message: 'x', status: 429, details: { retryAfterSeconds } });
    expect(playerCheckErrorText(t, limited(40))).toBe('errors.retry_in_seconds {"count":40}');
    expect(playerCheckErrorText(t, limited(61))).toBe('errors.retry_in_minutes {"count":2}');
  });
});
