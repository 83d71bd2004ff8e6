import { describe, expect, it } from 'vitest';
import { diffRows, displayValue } from './auditDiff';

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

describe('displayValue', () => {
  it('shows text as it is and anything else as JSON', () => {
    expect(displayValue('PUBG')).toBe('PUBG');
    expect(displayValue(12.5)).toBe('12.5');
    expect(displayValue({ a: 1 })).toBe('{"a":1}');
    expect(displayValue(null)).toBe('null');
    expect(displayValue(undefined)).toBe('');
  });
});
