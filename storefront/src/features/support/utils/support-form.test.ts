import { describe, expect, it } from 'vitest';
import { supportFormErrors, supportPayload } from './support-form';

describe('support form', () => {
  it('requires every field, ignoring blanks', () => {
    expect(supportFormErrors({ nickname: ' ', contact: '', message: 'Help' })).toEqual(['nickname', 'contact']);
    expect(supportFormErrors({ nickname: 'ann', contact: '@ann', message: 'Help' })).toEqual([]);
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
