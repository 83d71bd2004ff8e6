import { describe, expect, it } from 'vitest';
import { normalizePlayerId, playerCheckErrorKey, verifiedNameFor } from './player-check';
import { ApiError } from '../lib/api-error';

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

  it("reports a failed check as 'failed to verify', a rate limit as such", () => {
    expect(playerCheckErrorKey(new ApiError({ code: 'SERVICE_UNAVAILABLE', message: 'x', status: 503 }))).toBe('games.failed_to_verify');
    expect(playerCheckErrorKey(new Error('offline'))).toBe('games.failed_to_verify');
    expect(playerCheckErrorKey(new ApiError({ code: 'RATE_LIMITED', message: 'x', status: 429 }))).toBe('errors.rate_limited');
  });
});
