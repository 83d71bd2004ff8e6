import { describe, expect, it } from 'vitest';
import { listLink } from '../lib/listLink';
import { lowStockLink } from './links';

describe('lowStockLink', () => {
  it('leads to the codes list of the line that runs low', () => {
    expect(lowStockLink({ kind: 'code', id: 4, name: 'Razer Gold', available: 2, threshold: 10 }, '/admin')).toEqual(
      listLink('codes', { productId: 4 }, '/admin'),
    );
    expect(lowStockLink({ kind: 'pubg', id: 2, name: '325 UC', available: 0, threshold: 10 })).toEqual(listLink('pubgCodes', { denominationId: 2 }));
    expect(lowStockLink({ kind: 'freefire', id: 7, name: '100 Diamonds', available: 3, threshold: 10 })).toEqual(
      listLink('generatedCodes', { denominationId: 7 }),
    );
  });
});
