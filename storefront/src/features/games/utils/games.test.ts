import { describe, expect, it } from 'vitest';
import { GENSHIN_IMPACT, MOBILE_LEGENDS, MOBILE_LEGENDS_TOPUP } from '../../../testing/data';
import { fieldHint, fieldProblems, serverFieldProblems, valuesKey } from './fields';
import { buildGameTopupData, buildGameTopupLabels } from './topup-data';

const DIAMONDS_86 = MOBILE_LEGENDS.denominations.find((denomination) => denomination.amount === 86)!;

describe("a game's fields", () => {
  it('reads the common digit patterns as hints, and leaves the others without one', () => {
    expect(fieldHint({ kind: 'text', pattern: '^[0-9]{5,12}$' })).toEqual({ kind: 'digits_between', min: 5, max: 12 });
    expect(fieldHint({ kind: 'text', pattern: '^\\d{9}$' })).toEqual({ kind: 'digits_exact', count: 9 });
    expect(fieldHint({ kind: 'text', pattern: '^[0-9]{6,}$' })).toEqual({ kind: 'digits_at_least', count: 6 });
    expect(fieldHint({ kind: 'text', pattern: '^[0-9]+$' })).toEqual({ kind: 'digits' });
    expect(fieldHint({ kind: 'number', pattern: null })).toEqual({ kind: 'digits' });
    expect(fieldHint({ kind: 'text', pattern: '^[a-z0-9_]{3,16}$' })).toBeNull();
    expect(fieldHint({ kind: 'select', pattern: null })).toBeNull();
  });

  it('finds each problem by field: required, digits, a choice of the list, the pattern; an optional field may stay empty', () => {
    expect(fieldProblems(GENSHIN_IMPACT.fields, {})).toEqual({ uid: 'game_field_required', server: 'game_field_required' });
    expect(fieldProblems(GENSHIN_IMPACT.fields, { uid: '70x', server: 'mars' })).toEqual({
      uid: 'game_field_not_a_number',
      server: 'game_field_not_a_choice',
    });
    expect(fieldProblems(GENSHIN_IMPACT.fields, { uid: '7001234', server: 'os_euro' })).toEqual({ uid: 'game_field_pattern_mismatch' });
    expect(fieldProblems(GENSHIN_IMPACT.fields, { uid: ' 700123456 ', server: 'os_euro', nickname: ' ' })).toEqual({});
  });

  it('names the values a player check answered for, trimmed, so an edit drops the answer', () => {
    const fields = MOBILE_LEGENDS.fields;
    expect(valuesKey(fields, { player_id: ' 512345678', zone_id: '2001 ' })).toBe(valuesKey(fields, { player_id: '512345678', zone_id: '2001' }));
    expect(valuesKey(fields, { player_id: '512345678', zone_id: '2002' })).not.toBe(valuesKey(fields, { player_id: '512345678', zone_id: '2001' }));
  });

  it("reads the server's problems with the fields of a check or a top-up", () => {
    expect(
      serverFieldProblems([
        { field: 'fields.zone_id', message: 'game_field_pattern_mismatch' },
        { field: 'topupData.fields.player_id', message: 'game_field_required' },
        { field: 'currency', message: 'must be usd or rub' },
      ]),
    ).toEqual({ zone_id: 'game_field_pattern_mismatch', player_id: 'game_field_required' });
    expect(serverFieldProblems(undefined)).toEqual({});
  });
});

describe("a game's top-up for checkout", () => {
  it('carries the denomination as the offer, the fields as the truth, and the first one as the player id and login', () => {
    const values = { player_id: ' 512345678 ', zone_id: '2001' };
    expect(buildGameTopupData({ game: MOBILE_LEGENDS, denomination: DIAMONDS_86, values, currency: 'RUB' })).toEqual(MOBILE_LEGENDS_TOPUP);
    expect(buildGameTopupData({ game: MOBILE_LEGENDS, denomination: DIAMONDS_86, values, currency: 'USD' })).toMatchObject({
      input_currency: 'usd',
      currency: 'usd',
    });
  });

  it('leaves out an account longer than a player id may be: the fields still carry it', () => {
    const game = { ...MOBILE_LEGENDS, fields: [{ key: 'login', label: 'Логин', kind: 'text' as const, pattern: null, required: true }] };
    const login = 'x'.repeat(65);
    const data = buildGameTopupData({ game, denomination: DIAMONDS_86, values: { login }, currency: 'RUB' });
    expect(data.fields).toEqual({ login });
    expect(data).not.toHaveProperty('player_id');
    expect(data).not.toHaveProperty('login');
  });

  it('names the game and each filled field for checkout, a choice by its label', () => {
    expect(buildGameTopupLabels({ game: GENSHIN_IMPACT, values: { uid: '700123456', server: 'os_euro', nickname: '' } })).toEqual({
      game: 'Genshin Impact',
      details: [
        { label: 'UID', value: '700123456' },
        { label: 'Сервер', value: 'Европа' },
      ],
    });
  });
});
