import { describe, expect, it } from 'vitest';
import { RECENT_PLAYERS_LIMIT, withRecentPlayer } from './recent-players';

describe('recent players', () => {
  it('puts the latest first, keeps an account once with its newest nickname, and keeps a few only', () => {
    let list = withRecentPlayer([], { account: '111', name: 'One' });
    list = withRecentPlayer(list, { account: '222', name: 'Two' });
    list = withRecentPlayer(list, { account: '111', name: 'One renamed' });
    expect(list).toEqual([
      { account: '111', name: 'One renamed' },
      { account: '222', name: 'Two' },
    ]);
    for (let index = 0; index < 10; index += 1) list = withRecentPlayer(list, { account: `9${index}`, name: '' });
    expect(list).toHaveLength(RECENT_PLAYERS_LIMIT);
    expect(list[0]?.account).toBe('99');
  });
});
