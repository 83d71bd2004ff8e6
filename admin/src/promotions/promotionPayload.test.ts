import { describe, expect, it } from 'vitest';
import { promotionPayload } from './promotionPayload';

describe('a promotion as the form sends it', () => {
  it('sends a percent with its scope and period, without a currency', () => {
    expect(
      promotionPayload({
        id: 4,
        createdAt: '2026-03-01T09:00:00.000Z',
        text: '-10% на PUBG UC',
        backgroundColor: '#ff5722',
        active: true,
        sortOrder: 1,
        discountType: 'percent',
        discountValue: '10',
        currency: 'rub',
        productIds: [],
        gameIds: [2],
        denominationIds: ['7'],
        validFrom: '2026-12-01T10:00:00.000Z',
        validTo: '',
      }),
    ).toEqual({
      text: '-10% на PUBG UC',
      backgroundColor: '#ff5722',
      active: true,
      sortOrder: 1,
      discountType: 'percent',
      discountValue: 10,
      currency: null,
      productIds: [],
      gameIds: [2],
      denominationIds: [7],
      validFrom: '2026-12-01T10:00:00.000Z',
      validTo: null,
    });
  });

  it('keeps the currency of a fixed sum, and a badge without a discount sends no value', () => {
    expect(promotionPayload({ discountType: 'fixed', discountValue: 50, currency: 'rub', productIds: [3] })).toMatchObject({
      discountType: 'fixed',
      discountValue: 50,
      currency: 'rub',
      productIds: [3],
    });
    expect(promotionPayload({ text: 'Badge', discountType: '', discountValue: 5, currency: 'usd' })).toMatchObject({
      discountType: null,
      discountValue: null,
      currency: null,
      gameIds: [],
    });
  });
});
