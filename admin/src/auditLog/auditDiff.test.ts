import { describe, expect, it } from 'vitest';
import { camelField, diffRows, displayValue, humanizeField, recordCaption } from './auditDiff';

describe('diffRows', () => {
  it('puts the changed fields first and keeps the unchanged ones after', () => {
    expect(diffRows({ id: 3, title: 'A', price: 5, tags: ['x'] }, { id: 3, title: 'B', price: 5, tags: ['x', 'y'] })).toEqual([
      { field: 'title', before: 'A', after: 'B', changed: true },
      { field: 'tags', before: ['x'], after: ['x', 'y'], changed: true },
      { field: 'id', before: 3, after: 3, changed: false },
      { field: 'price', before: 5, after: 5, changed: false },
    ]);
  });

  it('shows a creation and a deletion field by field, and compares lists whole', () => {
    expect(diffRows(null, { id: 1 })).toEqual([{ field: 'id', before: undefined, after: 1, changed: true }]);
    expect(diffRows({ id: 1 }, null)).toEqual([{ field: 'id', before: 1, after: undefined, changed: true }]);
    expect(diffRows([{ id: 1 }], [{ id: 2 }])).toEqual([{ field: '', before: [{ id: 1 }], after: [{ id: 2 }], changed: true }]);
    expect(diffRows(null, null)).toEqual([]);
  });
});

describe('a product change, field by field', () => {
  it('opens nested fields to their leaves, so a translation edit reads as one line, not one raw block', () => {
    const before = { id: 3, title: 'Карта', translations: { en: { title: 'Card' }, uz: { title: 'Karta' } }, game_currency: 'USD' };
    const after = { id: 3, title: 'Карта', translations: { en: { title: 'Gift card' }, uz: { title: 'Karta' } }, game_currency: 'TRY' };
    expect(diffRows(before, after).filter((row) => row.changed)).toEqual([
      { field: 'translations.en.title', before: 'Card', after: 'Gift card', changed: true },
      { field: 'game_currency', before: 'USD', after: 'TRY', changed: true },
    ]);
  });

  it('names fields in words and finds what a record is called', () => {
    expect(humanizeField('game_currency')).toBe('Game currency');
    expect(humanizeField('priceUsd')).toBe('Price usd');
    expect(camelField('game_currency')).toBe('gameCurrency');
    expect(recordCaption({ id: 2, from: 'usd', to: 'rub', rate: '79' }, { id: 2, from: 'usd', to: 'rub', rate: '80' })).toBe('USD → RUB');
    expect(recordCaption(null, { title: 'Steam Gift Card' })).toBe('Steam Gift Card');
    expect(recordCaption({ nickname: 'player_one' }, null)).toBe('player_one');
    expect(recordCaption(null, { id: 1 })).toBe('');
  });
});

describe('displayValue', () => {
  it('shows text as it is and anything else as JSON', () => {
    expect(displayValue('PUBG')).toBe('PUBG');
    expect(displayValue(12.5)).toBe('12.5');
    expect(displayValue({ a: 1 })).toBe('{"a":1}');
    expect(displayValue(null)).toBe('null');
    expect(displayValue(undefined)).toBe('');
  });
});
