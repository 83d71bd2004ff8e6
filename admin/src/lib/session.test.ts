import { describe, expect, it } from 'vitest';
import { isEnrolmentToken } from './session';

const token = (payload: object) => `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.signature`;

describe('isEnrolmentToken', () => {
  it('tells a token limited to two-factor enrolment from a full one', () => {
    expect(isEnrolmentToken(token({ sub: '1', ver: 0, enrol: true }))).toBe(true);
    expect(isEnrolmentToken(token({ sub: '1', ver: 0 }))).toBe(false);
    expect(isEnrolmentToken(token({ sub: '1', enrol: 'true' }))).toBe(false);
  });

  it('is false for no token or a malformed one', () => {
    expect(isEnrolmentToken(null)).toBe(false);
    expect(isEnrolmentToken('not-a-token')).toBe(false);
    expect(isEnrolmentToken('a.%%%.c')).toBe(false);
  });
});
