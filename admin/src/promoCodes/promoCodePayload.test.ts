import { describe, expect, test } from 'vitest';
import { parseIds, promoCodePayload } from './promoCodePayload';

describe('a promo code form as the API takes it', () => {
  test('ids typed with commas or spaces', () => {
    expect(parseIds('3, 7 12;x')).toEqual([3, 7, 12]);
    expect(parseIds([4, 5])).toEqual([4, 5]);
    expect(parseIds('')).toEqual([]);
  });

  test('empty inputs are null, dates ISO, the record\'s own fields left out, the code not sent on an edit', () => {
    const values = {
      id: 3,
      uses: 2,
      createdAt: '2026-01-01T00:00:00.000Z',
      code: 'SPRING',
      discountType: 'percent',
      discountValue: 10,
      currency: '',
      scope: 'games',
      scopeIds: '1, 2',
      minOrder: '',
      validFrom: '2026-03-01T10:00:00.000Z',
      validTo: null,
      usageLimit: 5,
      perUserLimit: '',
      active: true,
    };
    expect(promoCodePayload(values)).toEqual({
      code: 'SPRING',
      discountType: 'percent',
      discountValue: 10,
      currency: null,
      scope: 'games',
      scopeIds: [1, 2],
      minOrder: null,
      validFrom: '2026-03-01T10:00:00.000Z',
      validTo: null,
      usageLimit: 5,
      perUserLimit: null,
      active: true,
    });
    expect(promoCodePayload(values, { edit: true })).not.toHaveProperty('code');
  });
});
