/** Error codes the API answers with, in the body `{ error: { code, message, details } }`. */
export const ErrorCode = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  MALFORMED_JSON: 'MALFORMED_JSON',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  UNAUTHORIZED: 'UNAUTHORIZED',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  /** A sign-in's second step: the TOTP or recovery code is wrong (the challenge may still be tried again). */
  INVALID_TWO_FACTOR_CODE: 'INVALID_TWO_FACTOR_CODE',
  /** A sign-in's second step: the challenge expired, was used, or had too many wrong codes; sign in again. */
  TWO_FACTOR_CHALLENGE_EXPIRED: 'TWO_FACTOR_CHALLENGE_EXPIRED',
  /** An admin who must use two-factor authentication has not enrolled: only enrolment is open to them. */
  TWO_FACTOR_ENROLMENT_REQUIRED: 'TWO_FACTOR_ENROLMENT_REQUIRED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  NICKNAME_TAKEN: 'NICKNAME_TAKEN',
  /** An email link (address verification, password reset) that is unknown, already used or expired. */
  LINK_EXPIRED: 'LINK_EXPIRED',
  /** The address being verified is already verified on another account. */
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  PRICE_CHANGED: 'PRICE_CHANGED',
  OUT_OF_STOCK: 'OUT_OF_STOCK',
  CART_EMPTY: 'CART_EMPTY',
  INSUFFICIENT_BALANCE: 'INSUFFICIENT_BALANCE',
  CONFLICT: 'CONFLICT',
  /** A top-up offer is not sold now: its cheapest source costs more than its price, and no admin confirmed selling it at a loss. */
  OFFER_UNAVAILABLE: 'OFFER_UNAVAILABLE',
  /** An admin's denomination price is below its cheapest source's cost: send it again with `sellAtLoss: true` to confirm. */
  PRICE_BELOW_COST: 'PRICE_BELOW_COST',
  /** An order in a currency no balance is held in (UZS) cannot be paid from the balance: pay it through a gateway. */
  NOT_PAYABLE_FROM_BALANCE: 'NOT_PAYABLE_FROM_BALANCE',
  /** An admin's rate edit changes the rate by more than the confirmation threshold: send it again with `confirm: true`. */
  RATE_CHANGE_NEEDS_CONFIRMATION: 'RATE_CHANGE_NEEDS_CONFIRMATION',
  /** Retry delivery of an order that is not flagged as needing attention (already retried, or delivered). */
  NOTHING_TO_RETRY: 'NOTHING_TO_RETRY',
  /** A promo code checkout refuses: `details.reason` says why (PROMO_CODE_REFUSALS); nothing is placed. */
  PROMO_CODE_INVALID: 'PROMO_CODE_INVALID',
  /** A gateway order a promo code makes free: gateways charge no zero; pay it from the balance. */
  NOTHING_TO_CHARGE: 'NOTHING_TO_CHARGE',
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  IDEMPOTENCY_KEY_IN_USE: 'IDEMPOTENCY_KEY_IN_USE',
  UNPROCESSABLE: 'UNPROCESSABLE',
  RATE_LIMITED: 'RATE_LIMITED',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  /** Overloaded right now (e.g. too many password checks waiting): retry after the Retry-After header. */
  SERVICE_BUSY: 'SERVICE_BUSY',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; details?: unknown };
}
