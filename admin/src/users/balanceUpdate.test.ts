import { describe, expect, it } from 'vitest';
import { balanceUpdate, changedBalances, validateBalanceForm } from './balanceUpdate';

const previous = { balanceUsd: 100, balanceRub: 8000 };

describe('changedBalances', () => {
  it('keeps only the balances that differ, compared in whole cents', () => {
    expect(changedBalances(previous, { balanceUsd: 100, balanceRub: 8000 })).toEqual({});
    expect(changedBalances(previous, { balanceUsd: 100.0, balanceRub: 8000.5 })).toEqual({ balanceRub: 8000.5 });
    expect(changedBalances(previous, { balanceUsd: '120.25', balanceRub: 8000 })).toEqual({ balanceUsd: 120.25 });
    expect(changedBalances({ balanceUsd: 0.3, balanceRub: 0 }, { balanceUsd: 0.1 + 0.2, balanceRub: 0 })).toEqual({});
  });

  it('ignores empty and negative inputs (the field validators report those)', () => {
    expect(changedBalances(previous, { balanceUsd: '', balanceRub: null })).toEqual({});
    expect(changedBalances(previous, { balanceUsd: -5 })).toEqual({});
  });
});

describe('balanceUpdate', () => {
  it('sends the changed balances with the trimmed reason', () => {
    expect(balanceUpdate(previous, { balanceUsd: 0, balanceRub: 8000, reason: '  chargeback  ' })).toEqual({
      balanceUsd: 0,
      reason: 'chargeback',
    });
  });

  it('sends nothing when no balance changes', () => {
    expect(balanceUpdate(previous, { ...previous, reason: 'no-op' })).toBeNull();
  });
});

describe('validateBalanceForm', () => {
  it('requires a reason only when a balance changes', () => {
    expect(validateBalanceForm(previous, { ...previous })).toEqual({});
    expect(validateBalanceForm(previous, { balanceUsd: 50, balanceRub: 8000 })).toEqual({
      reason: 'resources.users.balance.reason_required',
    });
    expect(validateBalanceForm(previous, { balanceUsd: 50, balanceRub: 8000, reason: '   ' })).toEqual({
      reason: 'resources.users.balance.reason_required',
    });
    expect(validateBalanceForm(previous, { balanceUsd: 50, balanceRub: 8000, reason: 'Goodwill credit' })).toEqual({});
  });

  it('refuses a reason longer than the ledger keeps', () => {
    expect(validateBalanceForm(previous, { ...previous, balanceUsd: 1, reason: 'x'.repeat(501) })).toEqual({
      reason: 'resources.users.balance.reason_too_long',
    });
  });
});
