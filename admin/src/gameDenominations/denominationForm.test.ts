import { describe, expect, it } from 'vitest';
import { denominationPayload, validateDenomination as validate } from './denominationForm';

const denomination = {
  gameId: 4,
  name: '86 алмазов',
  unit: 'алмазов',
  amount: 86,
  priceUsd: 1.49,
  priceRub: 118,
  itemId: null,
  active: true,
  sortOrder: 0,
  sources: [{ kind: 'sandbox', priority: 1 }],
};

describe('the denomination form', () => {
  it('accepts a well-formed denomination', () => {
    expect(validate(denomination)).toEqual({});
  });

  it('asks for the name, a whole amount and both prices of two decimals at most', () => {
    expect(validate({ ...denomination, name: ' ', amount: 2.5, priceUsd: null, priceRub: 1.999 })).toEqual({
      name: 'ra.validation.required',
      amount: 'catalogue.validation.positive_integer',
      priceUsd: 'ra.validation.required',
      priceRub: 'catalogue.validation.price',
    });
  });

  it('takes each source and each priority once, from 1 to 100', () => {
    expect(
      validate({
        ...denomination,
        sources: [
          { kind: 'sandbox', priority: 1 },
          { kind: 'sandbox', priority: 1 },
          { kind: 'code_stock', priority: 101 },
        ],
      }).sources,
    ).toEqual([
      {},
      { kind: 'resources.gameDenominations.validation.source_repeated', priority: 'resources.gameDenominations.validation.priority_repeated' },
      { priority: 'resources.gameDenominations.validation.priority' },
    ]);
    expect(validate({ ...denomination, sources: [] }).sources).toBe('ra.validation.required');
  });

  it("takes several suppliers' products, each once and each named", () => {
    expect(
      validate({
        ...denomination,
        sources: [
          { kind: 'supplier', supplierProductId: 17, priority: 1 },
          { kind: 'supplier', supplierProductId: 18, priority: 2 },
          { kind: 'supplier', supplierProductId: 17, priority: 3 },
          { kind: 'supplier', supplierProductId: null, priority: 4 },
        ],
      }).sources,
    ).toEqual([{}, {}, { kind: 'resources.gameDenominations.validation.source_repeated' }, { supplierProductId: 'ra.validation.required' }]);
  });

  it("lets go of a supplier's product when its row becomes another kind", () => {
    const sources = [
      { kind: 'supplier', supplierProductId: 17, priority: 1 },
      { kind: 'sandbox', supplierProductId: 18, priority: 2 },
    ];
    expect(denominationPayload({ ...denomination, sources }).sources).toEqual([
      { kind: 'supplier', supplierProductId: 17, priority: 1 },
      { kind: 'sandbox', supplierProductId: null, priority: 2 },
    ]);
  });

  it('sends the fields the API takes, leaving out the record’s own', () => {
    expect(denominationPayload({ ...denomination, id: 41, availableCodes: 3, createdAt: 'x', name: ' 86 алмазов ', itemId: '' })).toEqual({
      ...denomination,
      itemId: null,
      sources: [{ kind: 'sandbox', supplierProductId: null, priority: 1 }],
    });
  });
});
