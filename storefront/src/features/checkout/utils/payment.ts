import { convertMinor, fromMinor, toMinor } from '@topup/common';
import type { PaymentGatewayOffer, PaymentMethods } from '@topup/common/api';
import { type Currency, fromBalanceCurrency, toOrderCurrency } from '../../../lib/currency';
import type { PaymentMethod } from './checkout';

/**
 * How a payment method shows at checkout:
 * - available: it can be chosen;
 * - coming_soon: the store does not take it yet (SBP when the gateway does not offer it);
 * - unavailable: the gateway does not take it right now (or the methods could not be loaded);
 * - loading: not known yet.
 */
export type MethodState = 'available' | 'coming_soon' | 'unavailable' | 'loading';

type MethodOptions = Pick<PaymentMethods, 'methods' | 'gateways'>;

/** The gateway that takes `method` for an order in `currency`: the first that does, as the server picks it. */
export function gatewayFor(method: PaymentMethod, currency: Currency, options: Pick<PaymentMethods, 'gateways'> | undefined): PaymentGatewayOffer | undefined {
  const code = toOrderCurrency(currency);
  return options?.gateways.find((gateway) => (gateway.methods as readonly string[]).includes(method) && gateway.currencies.includes(code));
}

/**
 * Whether `method` can be chosen for an order in `currency`, from GET /payment/methods: the balance for
 * USD and RUB (no balance holds sums); a gateway method when a gateway takes it for that currency (for
 * cart orders and top-ups alike). SBP that no gateway offers reads "coming soon".
 */
export function methodState(method: PaymentMethod, currency: Currency, options: MethodOptions | undefined, failed = false): MethodState {
  if (method === 'balance') return currency === 'UZS' ? 'unavailable' : 'available';
  if (!options) return failed ? 'unavailable' : 'loading';
  if (gatewayFor(method, currency, options)) return 'available';
  return method === 'sbp' && !options.methods.includes('sbp') ? 'coming_soon' : 'unavailable';
}

/** The chosen method if it can be used, else the first that can (the balance, or a gateway's for UZS). */
export function usableMethod(chosen: PaymentMethod, currency: Currency, options: MethodOptions | undefined): PaymentMethod {
  if (methodState(chosen, currency, options) === 'available') return chosen;
  return currency === 'UZS' ? (GATEWAY_ORDER.find((method) => methodState(method, currency, options) === 'available') ?? chosen) : 'balance';
}

/**
 * The method checkout offers until the shopper picks one: the balance when it covers the total (or
 * while either is still loading), else the first method the gateway offers (card, then SBP), so Pay
 * is ready at once; the balance when the gateway offers nothing, its shortfall then saying why.
 */
export function startingMethod(total: number | null, available: number | undefined, currency: Currency, options: MethodOptions | undefined): PaymentMethod {
  if (currency !== 'UZS' && (total === null || available === undefined || available >= total)) return 'balance';
  return GATEWAY_ORDER.find((method) => methodState(method, currency, options) === 'available') ?? (currency === 'UZS' ? 'payme' : 'balance');
}

/** Gateway methods in the order checkout offers them: Payme and Click first, where they take the currency (UZS). */
const GATEWAY_ORDER = ['payme', 'click', 'card', 'sbp'] as const;

export function isGatewayMethod(method: PaymentMethod): method is Exclude<PaymentMethod, 'balance'> {
  return method !== 'balance';
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
  gateway: Pick<PaymentGatewayOffer, 'charge_currency'> | undefined,
  options: Pick<PaymentMethods, 'rate_usd_rub'> | undefined,
): ChargedAmount | null {
  if (total === null || !gateway?.charge_currency) return null;
  const code = toOrderCurrency(currency);
  if (gateway.charge_currency === code) return null;
  // Only RUB-charging gateways exist; the server refuses anything else.
  if (gateway.charge_currency !== 'rub' || code !== 'usd' || !options?.rate_usd_rub) return null;
  try {
    return { amount: fromMinor(convertMinor(toMinor(total), options.rate_usd_rub)), currency: fromBalanceCurrency(gateway.charge_currency) };
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
