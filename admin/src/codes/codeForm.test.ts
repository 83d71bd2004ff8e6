import { describe, expect, it } from 'vitest';
import { codeUpdatePayload, formatRegion, newCodePayload } from './codeForm';
import { GLOBAL_REGION } from './types';

describe('code payloads', () => {
  it('leaves the region out of a new global code and trims the code', () => {
    expect(newCodePayload({ productId: 4, regionId: GLOBAL_REGION, code: ' AB-12 ', priceUsd: 4.99, priceRub: 394.21, gameAmount: 5, popular: false })).toEqual({
      productId: 4,
      code: 'AB-12',
      priceUsd: 4.99,
      priceRub: 394.21,
      gameAmount: 5,
      popular: false,
    });
    expect(newCodePayload({ productId: 4, regionId: 2, code: 'X', priceUsd: 1, priceRub: 79, gameAmount: 1 })).toMatchObject({ regionId: 2 });
  });

  it('sends only what may change on an available code, global as null', () => {
    const record = { id: 9, productId: 4, code: '••••AB12', status: 'available', regionId: GLOBAL_REGION, priceUsd: 1, priceRub: 79, gameAmount: 1, popular: true };
    expect(codeUpdatePayload(record)).toEqual({ regionId: null, priceUsd: 1, priceRub: 79, gameAmount: 1, popular: true });
    expect(codeUpdatePayload({ ...record, regionId: 3 })).toMatchObject({ regionId: 3 });
  });

  it('shows a global code as the global choice', () => {
    expect(formatRegion(null)).toBe(GLOBAL_REGION);
    expect(formatRegion(5)).toBe(5);
  });
});
