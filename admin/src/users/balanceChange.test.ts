import { describe, expect, it } from 'vitest';
import { balanceChangeBody, validateBalanceChange } from './balanceChange';

describe('balanceChangeBody', () => {
  it('sends a credit as a positive amount and a debit as a negative one, with the trimmed reason', () => {
    expect(balanceChangeBody({ currency: 'usd', direction: 'credit', amount: 12.5, reason: ' Compensation ' })).toEqual({ currency: 'usd', amount: 12.5, reason: 'Compensation' });
    expect(balanceChangeBody({ currency: 'rub', direction: 'debit', amount: '150', reason: 'Duplicate' })).toEqual({ currency: 'rub', amount: -150, reason: 'Duplicate' });
  });

  it('sends nothing for a zero, negative or over-precise amount, an unknown currency or a missing reason', () => {
    for (const values of [
      { currency: 'usd', direction: 'credit', amount: 0, reason: 'x' },
      { currency: 'usd', direction: 'debit', amount: -5, reason: 'x' },
      { currency: 'usd', direction: 'credit', amount: 1.234, reason: 'x' },
      { currency: 'eur', direction: 'credit', amount: 5, reason: 'x' },
      { currency: 'usd', direction: 'credit', amount: 5, reason: '  ' },
    ]) {
      expect(balanceChangeBody(values)).toBeNull();
    }
  });
});

describe('validateBalanceChange', () => {
  it('names the amount and the reason when they are missing', () => {
    expect(validateBalanceChange({ amount: '', reason: '' })).toEqual({
      amount: 'resources.users.balance.amount_positive',
      reason: 'resources.users.balance.reason_required',
    });
    expect(validateBalanceChange({ amount: 5, reason: 'x'.repeat(501) })).toEqual({ reason: 'resources.users.balance.reason_too_long' });
    expect(validateBalanceChange({ amount: 5, reason: 'Goodwill' })).toEqual({});
  });
});
