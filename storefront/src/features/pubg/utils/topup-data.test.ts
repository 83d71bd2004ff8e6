import { describe, expect, it } from 'vitest';
import type { PubgPackage, PubgPlayerCheck } from '@topup/common/api';
import { createFormat } from '../../../lib/format';
import { pubgPlayerName } from '../api/check-player';
import { summarizeSelection } from './selection';
import { buildPubgTopupData, PUBG_IMAGE } from './topup-data';

const PACKAGES: PubgPackage[] = [
  { id: 1, uc_amount: 60, name: '', price_usd: 0.99, price_rub: 78.21 },
  { id: 2, uc_amount: 325, name: '', price_usd: 4.99, price_rub: 394.21 },
];

describe('buildPubgTopupData', () => {
  it('describes the chosen packages as checkout expects them', () => {
    const summary = summarizeSelection([2, 1], PACKAGES);
    expect(buildPubgTopupData({ summary, playerId: ' 123456789 ', currency: 'RUB', writeAmount: createFormat('ru').amount })).toEqual({
      service: 'pubg',
      login: '123456789',
      player_id: '123456789',
      offer_id: -1,
      offer_name: 'PUBG Mobile 385\u00a0UC',
      price_usd: 5.98,
      price_rub: 472.42,
      input_currency: 'rub',
      currency: 'rub',
      commission: 0,
      image_url: PUBG_IMAGE,
      packages: [
        { denomination_id: 2, quantity: 1 },
        { denomination_id: 1, quantity: 1 },
      ],
    });
  });

  it('lists a package once per package bought, in lowercase USD when paying in dollars', () => {
    const data = buildPubgTopupData({ summary: summarizeSelection([1, 1, 1], PACKAGES), playerId: '555555', currency: 'USD', writeAmount: createFormat('en').amount });
    expect(data.packages).toEqual([
      { denomination_id: 1, quantity: 1 },
      { denomination_id: 1, quantity: 1 },
      { denomination_id: 1, quantity: 1 },
    ]);
    expect(data.offer_name).toBe('PUBG Mobile 180\u00a0UC');
    expect(data.price_usd).toBe(2.97);
    expect(data.currency).toBe('usd');
    expect(data.input_currency).toBe('usd');
  });
});

describe('pubgPlayerName', () => {
  it('reads the nickname only from a successful check', () => {
    expect(pubgPlayerName({ success: true, data: { status: 'success', player_name: 'Player6789' } })).toBe('Player6789');
    expect(pubgPlayerName({ success: false, data: { status: 'not_found' } })).toBeNull();
    // A status the contract does not know still reads as no player.
    expect(pubgPlayerName({ success: true, data: { status: 'pending', player_name: 'X' } } as unknown as PubgPlayerCheck)).toBeNull();
    expect(pubgPlayerName({ success: true, data: { status: 'success', player_name: '  ' } })).toBeNull();
    expect(pubgPlayerName(null)).toBeNull();
  });
});
