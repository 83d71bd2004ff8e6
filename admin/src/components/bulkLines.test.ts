import { describe, expect, it } from 'vitest';
import { byteLength, JSON_UPLOAD_MAX_BYTES, manualCodeLineProblem, previewManualCodeLines, previewSingleCodeLines, singleCodeLineProblem } from './bulkLines';
import { nonBlankLines } from './lines';

describe('manual code lines', () => {
  it('accepts code, USD price, RUB price, game amount with spaces around the commas', () => {
    expect(manualCodeLineProblem('ABCD-1234, 4.99, 394.21, 500')).toBeUndefined();
    expect(manualCodeLineProblem('X,0,0,1')).toBeUndefined();
  });

  it('names what is wrong with a line', () => {
    expect(manualCodeLineProblem('ABCD, 4.99, 394.21')).toBe('fields');
    expect(manualCodeLineProblem(' , 4.99, 394.21, 5')).toBe('code');
    expect(manualCodeLineProblem('ABCD, 4.999, 394.21, 5')).toBe('price_usd');
    expect(manualCodeLineProblem('ABCD, 4,99, 394.21, 5')).toBe('fields');
    expect(manualCodeLineProblem('ABCD, 4.99, -1, 5')).toBe('price_rub');
    expect(manualCodeLineProblem('ABCD, 4.99, 394.21, 0')).toBe('game_amount');
    expect(manualCodeLineProblem('ABCD, 4.99, 394.21, 2.5')).toBe('game_amount');
    expect(manualCodeLineProblem(`${'A'.repeat(256)}, 1, 1, 1`)).toBe('code');
  });

  it('refuses what the server refuses: prices above its maximum, amounts above an integer column', () => {
    expect(manualCodeLineProblem('ABCD, 100000000.01, 1, 1')).toBe('price_usd');
    expect(manualCodeLineProblem('ABCD, 1, 100000001, 1')).toBe('price_rub');
    expect(manualCodeLineProblem('ABCD, 1, 1, 2147483648')).toBe('game_amount');
  });

  it('previews a paste: blank lines skipped, numbers as the editor shows them, repeats found', () => {
    const preview = previewManualCodeLines('A1, 1.00, 79, 10\n\nA2, 1, 79\r\nA1, 2, 158, 20\nA3, 1, 79, 10\n');
    expect(preview.total).toBe(4);
    expect(preview.valid).toBe(2);
    expect(preview.problemCount).toBe(2);
    expect(preview.problems).toEqual([
      { line: 3, problem: 'fields' },
      { line: 4, problem: 'repeated', firstLine: 1 },
    ]);
  });

  it('lists only the first problems but counts them all', () => {
    const text = Array.from({ length: 50 }, (_, i) => `C${i}, x, 1, 1`).join('\n');
    const preview = previewManualCodeLines(text, 5);
    expect(preview.problems).toHaveLength(5);
    expect(preview.problemCount).toBe(50);
    expect(preview.valid).toBe(0);
  });
});

describe('PUBG code lines', () => {
  it('takes one code a line, without spaces or commas', () => {
    expect(singleCodeLineProblem('UC-ABC-123')).toBeUndefined();
    expect(singleCodeLineProblem('UC ABC')).toBe('code');
    expect(singleCodeLineProblem('UC,ABC')).toBe('code');
    const preview = previewSingleCodeLines('\uFEFFA\nB\n\nA\n');
    expect(preview).toMatchObject({ total: 3, valid: 2, problemCount: 1 });
    expect(preview.problems[0]).toEqual({ line: 4, problem: 'repeated', firstLine: 1 });
  });
});

describe('nonBlankLines', () => {
  it('numbers lines from 1, counting blank ones, and drops a byte order mark', () => {
    expect(nonBlankLines('\uFEFFa\n  \n b \r\n')).toEqual([
      { line: 1, text: 'a' },
      { line: 3, text: 'b' },
    ]);
  });
});

describe('byteLength', () => {
  it('counts UTF-8 bytes, which is what the JSON body limit counts', () => {
    expect(byteLength('код')).toBe(6);
    expect(byteLength('a'.repeat(JSON_UPLOAD_MAX_BYTES + 1)) > JSON_UPLOAD_MAX_BYTES).toBe(true);
  });
});
