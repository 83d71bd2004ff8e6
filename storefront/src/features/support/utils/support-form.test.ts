import { describe, expect, it } from 'vitest';
import { supportFormErrors, supportPayload } from './support-form';

describe('support form', () => {
  it("requires every field of a visitor's message, ignoring blanks", () => {
    expect(supportFormErrors({ nickname: ' ', contact: '', message: 'Help' }, false)).toEqual(['nickname', 'contact']);
    expect(supportFormErrors({ nickname: 'ann', contact: '@ann', message: 'Help' }, false)).toEqual([]);
  });

  it('leaves the contact optional for a signed-in shopper, whose reply shows under My requests', () => {
    expect(supportFormErrors({ nickname: 'ann', contact: ' ', message: 'Help' }, true)).toEqual([]);
    expect(supportFormErrors({ nickname: 'ann', contact: '', message: ' ' }, true)).toEqual(['message']);
  });

  it('sends trimmed texts and the session user id', () => {
    expect(supportPayload({ nickname: ' ann ', contact: ' @ann ', message: ' Help ' }, '7')).toEqual({
      nickname: 'ann',
      contact: '@ann',
      message: 'Help',
      userId: '7',
    });
    expect(supportPayload({ nickname: 'ann', contact: 'x', message: 'y' }, null).userId).toBeNull();
  });
});
