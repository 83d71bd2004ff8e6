import { ErrorCode, GAME_SLUG_PATTERN, TOPUP_SERVICES, type TopupService } from '@topup/common';
import type { PaymentMethods, TopupData } from '@topup/common/api';
import { toApiError, UNEXPECTED_ERROR } from '../../../lib/api-error';
import { type Currency, parseCurrency, toAmount, toBalanceCurrency, toOrderCurrency, usdInSums } from '../../../lib/currency';
import { type CommonErrorKey, errorMessageKey, retryAfterSeconds } from '../../../lib/error-message';

export type PaymentMethod = PaymentMethods['methods'][number];

/** One of the specification's three games, each with its own page and topupData shape. */
export function isSpecificationGame(service: string): service is TopupService {
  return (TOPUP_SERVICES as readonly string[]).includes(service);
}

const GAME_SLUG = new RegExp(GAME_SLUG_PATTERN);

/**
 * The top-up a game page handed over in navigation state (`{ topupData }`), or null: one of the
 * specification's games, or any other game by its slug with its field values and denomination.
 */
export function readTopupData(state: unknown): TopupData | null {
  if (typeof state !== 'object' || state === null) return null;
  const data = (state as { topupData?: unknown }).topupData;
  if (typeof data !== 'object' || data === null) return null;
  const candidate = data as Partial<TopupData>;
  if (typeof candidate.service !== 'string') return null;
  const game = isSpecificationGame(candidate.service)
    ? true
    : GAME_SLUG.test(candidate.service) && typeof candidate.fields === 'object' && candidate.fields !== null && typeof candidate.offer_id === 'number';
  if (!game) return null;
  if (typeof candidate.price_usd !== 'number' && typeof candidate.price_rub !== 'number') return null;
  return data as TopupData;
}

/** Fields POST /orders/topup accepts in topupData; anything else a page may carry is left out. */
const TOPUP_FIELDS = [
  'service',
  'login',
  'player_id',
  'offer_id',
  'offer_name',
  'price_usd',
  'price_rub',
  'input_currency',
  'currency',
  'commission',
  'image_url',
  'packages',
  'user_balance_currency',
  'amount',
  'fields',
] as const satisfies readonly (keyof TopupData)[];

/** The top-up as sent to the server, paid in the currency chosen at checkout. */
export function topupPayload(data: TopupData, currency: Currency): TopupData {
  const payload: Record<string, unknown> = {};
  for (const field of TOPUP_FIELDS) {
    if (data[field] !== undefined) payload[field] = data[field];
  }
  payload.price_usd = toAmount(data.price_usd);
  payload.price_rub = toAmount(data.price_rub);
  payload.commission = toAmount(data.commission);
  payload.currency = toOrderCurrency(currency);
  if (data.service === 'steam') payload.user_balance_currency = toBalanceCurrency(currency);
  return payload as unknown as TopupData;
}

/**
 * What a top-up costs in a currency, when the data alone tells: its price (commission 0, all but
 * Steam). A Steam top-up is left to the server's calculation (null), which rounds its total once:
 * the rounded USD amount plus the rounded commission can be a cent off what is charged.
 */
export function topupPrice(data: TopupData, currency: Currency, rateUsdUzs?: string | null): number | null {
  if (toAmount(data.commission) > 0) return null;
  // In sums: the top-up's USD price converted once, as the server charges it.
  if (currency === 'UZS') return rateUsdUzs ? usdInSums(data.price_usd, rateUsdUzs) : null;
  return toAmount(currency === 'USD' ? data.price_usd : data.price_rub);
}

/** The account a top-up goes to: the Steam login or the player id. */
export function topupAccount(data: Pick<TopupData, 'service' | 'login' | 'player_id'>): string {
  const account = data.service === 'steam' ? (data.login ?? data.player_id) : (data.player_id ?? data.login);
  return account?.trim() ?? '';
}

export interface Shortfall {
  need: number;
  have: number;
  currency: Currency;
}

/** The 409 INSUFFICIENT_BALANCE details `{ required, available, currency }`, when they are there. */
export function readShortfall(details: unknown): Shortfall | null {
  if (typeof details !== 'object' || details === null) return null;
  const { required, available, currency } = details as Record<string, unknown>;
  if (typeof required !== 'number' || typeof available !== 'number') return null;
  return { need: required, have: available, currency: parseCurrency(currency) };
}

export type CheckoutFailureKey =
  | 'checkout.payment_failed'
  | 'checkout.topup_failed'
  | 'checkout.create_payment_failed'
  | 'checkout.cart_empty_error'
  | 'checkout.total_changed'
  | 'checkout.account_not_found'
  | 'checkout.currency_unavailable'
  | 'checkout.method_unavailable'
  | 'checkout.email_invalid'
  | 'checkout.still_processing'
  | 'checkout.promo.nothing_to_charge';

/** How a failed payment reads: a locale key, the shortfall sentence, or the server's own words. */
export type PaymentFailure =
  | { kind: 'shortfall'; shortfall: Shortfall }
  | { kind: 'key'; key: CheckoutFailureKey | CommonErrorKey }
  | { kind: 'rate_limited'; retryAfterSeconds: number | null }
  | { kind: 'text'; text: string };

export type CheckoutFailureFallback = 'checkout.payment_failed' | 'checkout.topup_failed' | 'checkout.create_payment_failed';

/** A failure that only asks for patience: the first request is still being processed. */
export function isCalmFailure(failure: PaymentFailure): boolean {
  return failure.kind === 'key' && failure.key === 'checkout.still_processing';
}

/** A VALIDATION_FAILED detail names this field (details are `[{ field, message }]`). */
function namesField(details: unknown, field: string): boolean {
  return Array.isArray(details) && details.some((entry) => (entry as { field?: unknown } | null)?.field === field);
}

/**
 * A failed checkout call as the shopper reads it: the shortfall as "You need X but
 * have Y"; known conditions in the interface's language; else the server's message; else the
 * call's own fallback (payment_failed, topup_failed or create_payment_failed). `topup` says the call
 * paid one top-up, not the cart (a changed price is then the offer's, not the cart total's).
 */
export function paymentFailure(error: unknown, fallback: CheckoutFailureFallback, { topup = false }: { topup?: boolean } = {}): PaymentFailure {
  const apiError = toApiError(error);
  // The same attempt is still running (a second tab, a double submit that slipped through): not a failure.
  if (apiError.code === ErrorCode.IDEMPOTENCY_KEY_IN_USE) return { kind: 'key', key: 'checkout.still_processing' };
  // Our key met another request: nothing ran; the next click starts a new attempt with a new key.
  if (apiError.code === ErrorCode.IDEMPOTENCY_KEY_REUSED) return { kind: 'key', key: fallback };
  if (apiError.code === ErrorCode.INSUFFICIENT_BALANCE) {
    const shortfall = readShortfall(apiError.details);
    if (shortfall) return { kind: 'shortfall', shortfall };
  }
  if (apiError.code === ErrorCode.CART_EMPTY) return { kind: 'key', key: 'checkout.cart_empty_error' };
  // A promo code left nothing for a gateway to charge: the balance pays such an order.
  if (apiError.code === ErrorCode.NOTHING_TO_CHARGE) return { kind: 'key', key: 'checkout.promo.nothing_to_charge' };
  // A card payment's amount no longer matches the cart: the cart changed in another tab.
  if (apiError.code === ErrorCode.PRICE_CHANGED && fallback === 'checkout.create_payment_failed' && !topup) {
    return { kind: 'key', key: 'checkout.total_changed' };
  }
  if (apiError.code === ErrorCode.VALIDATION_FAILED && namesField(apiError.details, 'email')) {
    return { kind: 'key', key: 'checkout.email_invalid' };
  }
  if (apiError.code === ErrorCode.UNPROCESSABLE) {
    const details = apiError.details as { field?: unknown; methods?: unknown } | null | undefined;
    // The gateway no longer takes the chosen method (its settings changed since the page loaded).
    if (Array.isArray(details?.methods)) return { kind: 'key', key: 'checkout.method_unavailable' };
    const field = typeof details?.field === 'string' ? details.field : '';
    // A game described as data names the field of its account (`fields.player_id`).
    const account = field === 'player_id' || field === 'login' || field.startsWith('fields.');
    return { kind: 'key', key: account ? 'checkout.account_not_found' : 'checkout.currency_unavailable' };
  }
  const common = errorMessageKey(apiError, fallback);
  if (common === 'errors.rate_limited') return { kind: 'rate_limited', retryAfterSeconds: retryAfterSeconds(apiError) };
  if (common !== fallback) return { kind: 'key', key: common };
  if (apiError.code !== UNEXPECTED_ERROR && apiError.message.trim()) return { kind: 'text', text: apiError.message };
  return { kind: 'key', key: fallback };
}

/** The failure calls for a fresh look at the cart (its contents or stock changed). */
export function cartIsStale(error: unknown): boolean {
  const { code } = toApiError(error);
  return code === ErrorCode.OUT_OF_STOCK || code === ErrorCode.PRICE_CHANGED || code === ErrorCode.CART_EMPTY;
}
