import { describe, expect, it } from 'vitest';
import { topupDataRows } from './topupData';

describe('topupDataRows', () => {
  it('lists the known fields in reading order and skips empty and nested ones', () => {
    expect(
      topupDataRows({
        offer_name: '100 Diamonds',
        service: 'freefire',
        player_id: '123456789',
        offer_id: 7,
        image_url: '/images/ff.png',
        packages: [{ denomination_id: 1, quantity: 1 }],
        commission: 0,
        login: '',
      }),
    ).toEqual([
      { field: 'service', value: 'freefire' },
      { field: 'player_id', value: '123456789' },
      { field: 'offer_name', value: '100 Diamonds' },
      { field: 'commission', value: '0' },
    ]);
  });

  it('shows a Steam login once even though the player id repeats it', () => {
    const rows = topupDataRows({ service: 'steam', login: 'gamer_1', player_id: 'gamer_1', amount: 10, input_currency: 'usd' });
    expect(rows.map((row) => row.field)).toEqual(['service', 'login', 'amount', 'input_currency']);
  });

  it('gives nothing for missing or malformed data', () => {
    expect(topupDataRows(null)).toEqual([]);
    expect(topupDataRows('x')).toEqual([]);
    expect(topupDataRows([1])).toEqual([]);
  });
});
