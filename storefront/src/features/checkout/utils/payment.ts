import { convertMinor, fromMinor, toMinor } from '@topup/common';
import type { PaymentMethods } from '@topup/common/api';
import { type Currency, fromBalanceCurrency, toBalanceCurrency } from '../../../lib/currency';
import type { PaymentMethod } from './checkout';

/**
 * How a payment method shows at checkout:
 * - available: it can be chosen;
 * - coming_soon: the store does not take it yet (SBP when the gateway does not offer it);
 * - unavailable: the gateway does not take it right now (or the methods could not be loaded);
 * - loading: not known yet.
 */
export type MethodState = 'available' | 'coming_soon' | 'unavailable' | 'loading';

/**
 * Whether `method` can be chosen, from GET /payment/methods: the balance always; card and SBP when the
 * gateway offers them (for cart orders and top-ups alike). SBP that is not offered reads "coming soon".
 */
export function methodState(method: PaymentMethod, options: Pick<PaymentMethods, 'methods'> | undefined, failed = false): MethodState {
  if (method === 'balance') return 'available';
  if (!options) return failed ? 'unavailable' : 'loading';
  if (options.methods.includes(method)) return 'available';
  return method === 'sbp' ? 'coming_soon' : 'unavailable';
}

/** The chosen method if it can be used, else the balance (always there). */
export function usableMethod(chosen: PaymentMethod, options: Pick<PaymentMethods, 'methods'> | undefined): PaymentMethod {
  return methodState(chosen, options) === 'available' ? chosen : 'balance';
}

/**
 * The method checkout offers until the shopper picks one: the balance when it covers the total (or
 * while either is still loading), else the first method the gateway offers (card, then SBP), so Pay
 * is ready at once; the balance when the gateway offers nothing, its shortfall then saying why.
 */
export function startingMethod(total: number | null, available: number | undefined, options: Pick<PaymentMethods, 'methods'> | undefined): PaymentMethod {
  if (total === null || available === undefined || available >= total) return 'balance';
  return GATEWAY_ORDER.find((method) => methodState(method, options) === 'available') ?? 'balance';
}

const GATEWAY_ORDER = ['card', 'sbp'] as const;

export function isGatewayMethod(method: PaymentMethod): method is 'card' | 'sbp' {
  return method === 'card' || method === 'sbp';
}

export interface ChargedAmount {
  /** Decimal, in `currency`. */
  amount: number;
  currency: Currency;
}

/**
 * What the gateway will charge for a total in `currency`, when that differs from the total itself: a
 * gateway that charges only in RUB takes a USD order's total times the USD->RUB rate, rounded half up
 * to kopecks (as the server computes it). Null when the gateway charges the order's own currency, or
 * when the amount cannot be known here (no rate yet, or a conversion the store does not make).
 */
export function chargedAmount(
  total: number | null,
  currency: Currency,
  options: Pick<PaymentMethods, 'charge_currency' | 'rate_usd_rub'> | undefined,
): ChargedAmount | null {
  if (total === null || !options?.charge_currency) return null;
  const code = toBalanceCurrency(currency);
  if (options.charge_currency === code) return null;
  // Only RUB-charging gateways exist; the server refuses anything else.
  if (options.charge_currency !== 'rub' || code !== 'usd' || !options.rate_usd_rub) return null;
  try {
    return { amount: fromMinor(convertMinor(toMinor(total), options.rate_usd_rub)), currency: fromBalanceCurrency(options.charge_currency) };
  } catch {
    return null;
  }
}

/** Longest address the API accepts. */
export const EMAIL_MAX_LENGTH = 254;

/** The API's email format (ajv-formats), with a dot required in the domain: name@domain.tld. */
const EMAIL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

/** An address a receipt can go to, as the API will accept it, at most 254 characters. */
export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= EMAIL_MAX_LENGTH && EMAIL.test(email);
}
