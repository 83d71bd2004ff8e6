import { describe, expect, it } from 'vitest';
import { errorBodyCode, errorBodyMessage } from './api-error';

describe('errorBodyMessage', () => {
  it('reads error.message, then an error string, else the fallback', () => {
    expect(errorBodyMessage({ error: { code: 'FORBIDDEN', message: 'Admins only' } }, 'x')).toBe('Admins only');
    expect(errorBodyMessage({ error: 'Nope' }, 'x')).toBe('Nope');
    expect(errorBodyMessage({ error: { code: 'X' } }, 'Fallback')).toBe('Fallback');
    expect(errorBodyMessage('text', 'Fallback')).toBe('Fallback');
    expect(errorBodyMessage(undefined, 'Fallback')).toBe('Fallback');
  });

  it('reads the error code', () => {
    expect(errorBodyCode({ error: { code: 'NOT_FOUND' } })).toBe('NOT_FOUND');
    expect(errorBodyCode({ error: 'x' })).toBeUndefined();
  });
});
