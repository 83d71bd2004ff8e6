import { describe, expect, it } from 'vitest';
import { readManualCodeLine, readSingleCodeLine } from './bulk-code-lines';
import { MAX_INT, MAX_PRICE } from './column-limits';

describe('manual code lines', () => {
  it('reads the code and the prices in minor units, blanks around the commas allowed', () => {
    expect(readManualCodeLine(' CODE-1 , 4.99, 394.2, 100 ')).toEqual({
      code: 'CODE-1',
      fields: { priceUsd: 499, priceRub: 39_420, gameAmount: 100 },
    });
  });

  it('names the field at fault and why', () => {
    expect(readManualCodeLine('C, 1, 79')).toEqual({ problem: 'fields', found: 3 });
    expect(readManualCodeLine(' , 1, 79, 1')).toEqual({ problem: 'code', reason: 'empty' });
    expect(readManualCodeLine(`${'A'.repeat(256)}, 1, 79, 1`)).toEqual({ problem: 'code', reason: 'too_long' });
    expect(readManualCodeLine('C, 1e3, 79, 1')).toEqual({ problem: 'price_usd', text: '1e3', reason: 'not_a_number' });
    expect(readManualCodeLine('C, 1, 79.001, 1')).toEqual({ problem: 'price_rub', text: '79.001', reason: 'too_many_decimals' });
    expect(readManualCodeLine('C, 1, 79, 0')).toEqual({ problem: 'game_amount', text: '0' });
  });

  it('keeps prices and amounts within what the store stores', () => {
    expect(readManualCodeLine(`C, ${MAX_PRICE}, ${MAX_PRICE}.00, ${MAX_INT}`)).toMatchObject({ code: 'C' });
    expect(readManualCodeLine(`C, ${MAX_PRICE}.01, 79, 1`)).toMatchObject({ problem: 'price_usd', reason: 'too_large' });
    expect(readManualCodeLine(`C, 1, 79, ${MAX_INT + 1}`)).toMatchObject({ problem: 'game_amount' });
  });
});

describe('PUBG code lines', () => {
  it('reads one code a line, without blanks or commas inside', () => {
    expect(readSingleCodeLine('  UC-ABC-123 ')).toEqual({ code: 'UC-ABC-123', fields: {} });
    expect(readSingleCodeLine('UC-1 UC-2')).toEqual({ problem: 'code', reason: 'not_one_code' });
    expect(readSingleCodeLine('UC-1,5')).toEqual({ problem: 'code', reason: 'not_one_code' });
    expect(readSingleCodeLine('   ')).toEqual({ problem: 'code', reason: 'empty' });
  });
});
