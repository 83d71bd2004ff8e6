import { describe, expect, it } from 'vitest';
import { freefirePayload, validateFreefireDenomination } from './denominationForm';

const filled = { name: '100 Diamonds', item_id: 101, price: 0.99, price_rub: 79, game_amount: 100, is_active: true };

describe('Free Fire denomination form', () => {
  it('marks every empty required field with the specification message', () => {
    const errors = validateFreefireDenomination({ name: '  ', price: 1, is_active: true });
    expect(errors).toEqual({
      name: 'resources.freefireCodes.validation.required_fields',
      item_id: 'resources.freefireCodes.validation.required_fields',
      price_rub: 'resources.freefireCodes.validation.required_fields',
      game_amount: 'resources.freefireCodes.validation.required_fields',
    });
  });

  it('accepts a filled form and checks the kinds of values', () => {
    expect(validateFreefireDenomination(filled)).toEqual({});
    expect(validateFreefireDenomination({ ...filled, item_id: 1.5, price: 0.999 })).toEqual({
      item_id: 'catalogue.validation.positive_integer',
      price: 'catalogue.validation.price',
    });
  });

  it('sends the specification fields only, the name trimmed', () => {
    expect(freefirePayload({ ...filled, id: 3, created_at: 'x', name: ' 100 Diamonds ' })).toEqual(filled);
  });
});
