import type { BalanceCurrency, SteamInputCurrency } from '@topup/common';

/** What the Steam top-up page's proceed button says. */
export type ProceedLabel =
  /** Logged out: a prompt to log in. */
  | { kind: 'login' }
  /** A calculation exists: 'Proceed to Checkout' with the amount to be deducted in the balance currency. */
  | { kind: 'checkout'; amount: number; currency: BalanceCurrency }
  /** Otherwise: the entered amount in its currency (no amount yet: just the action). */
  | { kind: 'amount'; amount: number | null; currency: SteamInputCurrency };

export interface ProceedState {
  label: ProceedLabel;
  disabled: boolean;
  /** A request is running (calculating, or preparing checkout): the button shows a spinner. */
  busy: boolean;
}

export interface ProceedInput {
  loggedIn: boolean;
  login: string;
  /** The typed amount, parsed: a number above 0, else null. */
  amount: number | null;
  inputCurrency: SteamInputCurrency;
  /** The calculation answering exactly the current inputs, if any. */
  calculation: { amountInUserCurrency: number; balanceCurrency: BalanceCurrency } | null;
  calculating: boolean;
  preparing: boolean;
}

/**
 * The proceed button's text and state. Logged out it invites to log in and stays clickable (it leads
 * to /login); logged in it is disabled while the login or the amount is empty, no calculation for the
 * current inputs exists, or a request is running.
 */
export function steamProceedState(input: ProceedInput): ProceedState {
  const busy = input.calculating || input.preparing;
  if (!input.loggedIn) return { label: { kind: 'login' }, disabled: input.preparing, busy: input.preparing };
  const label: ProceedLabel = input.calculation
    ? { kind: 'checkout', amount: input.calculation.amountInUserCurrency, currency: input.calculation.balanceCurrency }
    : { kind: 'amount', amount: input.amount, currency: input.inputCurrency };
  const disabled = input.login.trim() === '' || input.amount === null || input.calculation === null || busy;
  return { label, disabled, busy };
}

/** Why proceeding cannot happen yet, checked in this order (the button is normally disabled already). */
export function proceedBlocker(
  input: Pick<ProceedInput, 'loggedIn' | 'login' | 'amount'> & { hasCalculation: boolean },
): 'login_required' | 'login_and_amount' | 'no_calculation' | null {
  if (!input.loggedIn) return 'login_required';
  if (input.login.trim() === '' || input.amount === null) return 'login_and_amount';
  if (!input.hasCalculation) return 'no_calculation';
  return null;
}
