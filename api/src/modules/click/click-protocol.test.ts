import { describe, expect, it } from 'vitest';
import { clickSums } from '../../providers/payment/click.gateway';
import { type ClickError, readClickCall, tiyinOf } from './click-protocol';

/** Click's sums and fields as docs.click.uz/en/click-api-request types them: amount a float in sums, ids integers. */

describe("Click's sums", () => {
  it.each([
    ['12650', 1_265_000],
    ['12650.00', 1_265_000],
    ['12650.5', 1_265_050],
    ['0.05', 5],
  ])('reads %s as %i tiyin', (sums, tiyin) => {
    expect(tiyinOf(sums)).toBe(tiyin);
  });

  it.each(['12,650', '-5', '1.005', '1e3', '', 'abc'])('refuses %j', (sums) => {
    expect(tiyinOf(sums)).toBeUndefined();
  });

  it('writes tiyin as the two-decimal sums Click reads, and back', () => {
    expect(clickSums(1_265_000)).toBe('12650.00');
    expect(clickSums(5)).toBe('0.05');
    expect(tiyinOf(clickSums(13_902_407))).toBe(13_902_407);
  });
});

describe("reading Click's form", () => {
  const prepare = {
    click_trans_id: '3000000001',
    service_id: '81234',
    click_paydoc_id: '4000000001',
    merchant_trans_id: '42',
    amount: '12650.00',
    action: '0',
    error: '0',
    error_note: 'Success',
    sign_time: '2026-11-27 15:00:00',
    sign_string: 'x',
  };
  const codeOf = (fields: Record<string, string>) => {
    try {
      readClickCall(new URLSearchParams(fields));
      return 0;
    } catch (err) {
      return (err as ClickError).code;
    }
  };

  it('reads a Prepare, and a Complete with its merchant_prepare_id', () => {
    expect(readClickCall(new URLSearchParams(prepare))).toMatchObject({ clickTransId: 3_000_000_001, amount: 1_265_000, action: 0, merchantTransId: '42', merchantPrepareId: undefined });
    expect(readClickCall(new URLSearchParams({ ...prepare, action: '1', merchant_prepare_id: '7', error: '-5017' }))).toMatchObject({ action: 1, merchantPrepareId: 7, error: -5017 });
  });

  it('answers -3 to an unknown action and -8 to a missing or mistyped field', () => {
    expect(codeOf({ ...prepare, action: '3' })).toBe(-3);
    expect(codeOf({ ...prepare, action: '1' })).toBe(-8);
    expect(codeOf({ ...prepare, sign_time: '27.11.2026 15:00' })).toBe(-8);
    expect(codeOf({ ...prepare, error: 'x' })).toBe(-8);
    expect(codeOf({ ...prepare, click_paydoc_id: '-1' })).toBe(-8);
    expect(codeOf({ ...prepare, merchant_trans_id: '' })).toBe(-8);
  });
});
