import { describe, expect, it } from 'vitest';
import { topupRetryOf } from './topup-retry';

describe('trying a failed top-up again', () => {
  it('keeps the account and what was chosen, per game', () => {
    expect(
      topupRetryOf({ service: 'pubg', player_id: '5123457', offer_id: -1, packages: [{ denomination_id: 3, uc_amount: 660 }, { denomination_id: 1, uc_amount: 60 }] }),
    ).toMatchObject({ account: '5123457', packageIds: [3, 1], offerId: null });
    expect(topupRetryOf({ service: 'freefire', player_id: '4000017', offer_id: 12 })).toMatchObject({ account: '4000017', offerId: 12 });
    expect(topupRetryOf({ service: 'steam', login: 'gabe_fan', player_id: 'gabe_fan', amount: 12.5, input_currency: 'kzt' })).toMatchObject({
      account: 'gabe_fan',
      amount: '12.5',
      inputCurrency: 'kzt',
    });
    expect(topupRetryOf({ service: 'mobile-legends', player_id: '512345678', fields: { player_id: '512345678', zone_id: '2001' }, denomination_id: 7 })).toMatchObject({
      fields: { player_id: '512345678', zone_id: '2001' },
      denominationId: 7,
    });
    expect(topupRetryOf(null)).toBeNull();
  });
});
