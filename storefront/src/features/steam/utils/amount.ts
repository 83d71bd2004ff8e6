import { steamAmountError, type BalanceCurrency, type SteamAmountError, type SteamInputCurrency } from '@topup/common';
import type { SteamCalculateBody } from '@topup/common/api';
import type { Format } from '../../../lib/format';
import type { SteamQuote } from '../../../lib/steam-calculation';

/** The wallet currencies a Steam top-up can be entered in (USD, RUB, KZT; USD first and default). */
export const STEAM_CURRENCIES = ['usd', 'rub', 'kzt'] as const satisfies readonly SteamInputCurrency[];
export const DEFAULT_STEAM_CURRENCY: SteamInputCurrency = 'usd';

/** A wallet currency as given (a retried top-up's `input_currency`), else the default. */
export function parseSteamCurrency(value: string | null | undefined): SteamInputCurrency {
  return STEAM_CURRENCIES.find((currency) => currency === value) ?? DEFAULT_STEAM_CURRENCY;
}
/** The wait after the last change before the server is asked. */
export const CALCULATION_DEBOUNCE_MS = 500;

/** The typed amount as a number above 0, else null (empty, 0, negative or not a number: no calculation). */
export function parseSteamAmount(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const amount = Number(trimmed);
  return Number.isFinite(amount) && amount > 0 ? amount : null;
}

/**
 * Why the typed amount cannot be ordered (the server's rule, checked before asking it), or null;
 * nothing typed yet is no error.
 */
export function amountErrorOf(text: string): SteamAmountError | null {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? null : steamAmountError(Number(trimmed));
}

/** The typed amount when it can be ordered, else null. */
export function orderableSteamAmount(text: string): number | null {
  return amountErrorOf(text) === null ? parseSteamAmount(text) : null;
}

/** The calculation request for the current inputs, or null when there is nothing to calculate (no amount, or one the server would refuse). */
export function calculationRequest(
  amountText: string,
  inputCurrency: SteamInputCurrency,
  balanceCurrency: BalanceCurrency,
): SteamCalculateBody | null {
  const amount = orderableSteamAmount(amountText);
  return amount === null ? null : { amount, inputCurrency, userBalanceCurrency: balanceCurrency };
}

/** A stable text key for a request (what the debounce watches). */
export function requestKey(request: SteamCalculateBody | null): string {
  return request ? `${request.amount}|${request.inputCurrency}|${request.userBalanceCurrency}` : '';
}

/** The request a key stands for (the inverse of requestKey); null for '' or anything malformed. */
export function parseRequestKey(key: string): SteamCalculateBody | null {
  const [amountText = '', inputCurrency = '', balanceCurrency = ''] = key.split('|');
  const amount = parseSteamAmount(amountText);
  if (amount === null) return null;
  if (!(STEAM_CURRENCIES as readonly string[]).includes(inputCurrency)) return null;
  if (balanceCurrency !== 'usd' && balanceCurrency !== 'rub') return null;
  return { amount, inputCurrency: inputCurrency as SteamInputCurrency, userBalanceCurrency: balanceCurrency };
}

/**
 * Which calculation the page shows for the current request: one for the same input and balance
 * currencies (changing the input currency clears it; a new amount keeps the old one shown while it is
 * recalculated), none without a valid amount. `exact` tells whether it answers exactly this request.
 */
export function visibleQuote(
  quote: SteamQuote | null | undefined,
  request: SteamCalculateBody | null,
): { quote: SteamQuote; exact: boolean } | null {
  if (!quote || !request) return null;
  if (quote.request.inputCurrency !== request.inputCurrency || quote.request.userBalanceCurrency !== request.userBalanceCurrency) {
    return null;
  }
  return { quote, exact: quote.request.amount === request.amount };
}

/** An amount in a Steam input currency: USD and RUB as the store writes money, KZT with the tenge sign. */
export function formatSteamAmount(format: Format, amount: number, currency: SteamInputCurrency): string {
  if (currency === 'kzt') return `${format.number(amount, 2)}\u00a0₸`;
  return format.money(amount, currency);
}
