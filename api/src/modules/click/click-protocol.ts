import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Click's SHOP API as its documentation writes it (docs.click.uz/en/click-api-request,
 * docs.click.uz/en/click-api-error): Click POSTs Prepare (action 0) and Complete (action 1) as a form,
 * signs each with an MD5 `sign_string`, sends sums as decimals, and reads a JSON answer whose `error`
 * is one of the supplier's documented codes.
 */

export const ClickAction = { PREPARE: 0, COMPLETE: 1 } as const;
export type ClickAction = (typeof ClickAction)[keyof typeof ClickAction];

/** An attempt's state in the store: prepared, completed, or cancelled (by Click, or because its order stopped waiting). */
export const ClickState = { PREPARED: 0, COMPLETED: 1, CANCELLED: -1 } as const;
export type ClickState = (typeof ClickState)[keyof typeof ClickState];

/** The codes the supplier answers with ("Errors return by suppliers system"). */
export const ClickErrorCode = {
  SUCCESS: 0,
  SIGN_CHECK_FAILED: -1,
  INCORRECT_AMOUNT: -2,
  ACTION_NOT_FOUND: -3,
  ALREADY_PAID: -4,
  ORDER_NOT_FOUND: -5,
  TRANSACTION_NOT_FOUND: -6,
  FAILED_TO_UPDATE: -7,
  BAD_REQUEST: -8,
  TRANSACTION_CANCELLED: -9,
} as const;
export type ClickErrorCode = (typeof ClickErrorCode)[keyof typeof ClickErrorCode];

/** Each code's error_note as the documentation writes it. */
export const CLICK_ERROR_NOTES: Record<ClickErrorCode, string> = {
  [ClickErrorCode.SUCCESS]: 'Success',
  [ClickErrorCode.SIGN_CHECK_FAILED]: 'SIGN CHECK FAILED!',
  [ClickErrorCode.INCORRECT_AMOUNT]: 'Incorrect parameter amount',
  [ClickErrorCode.ACTION_NOT_FOUND]: 'Action not found',
  [ClickErrorCode.ALREADY_PAID]: 'Already paid',
  [ClickErrorCode.ORDER_NOT_FOUND]: 'User does not exist',
  [ClickErrorCode.TRANSACTION_NOT_FOUND]: 'Transaction does not exist',
  [ClickErrorCode.FAILED_TO_UPDATE]: 'Failed to update user',
  [ClickErrorCode.BAD_REQUEST]: 'Error in request from click',
  [ClickErrorCode.TRANSACTION_CANCELLED]: 'Transaction cancelled',
};

/** An answer with a negative `error`: thrown by the service, written by the endpoint. */
export class ClickError extends Error {
  override name = 'ClickError';
  constructor(
    readonly code: Exclude<ClickErrorCode, 0>,
    /** The attempt the answer is about, when the store knows it. */
    readonly transactionId?: number,
  ) {
    super(CLICK_ERROR_NOTES[code]);
  }
}

/** A Prepare or Complete as Click sends it, its numbers read. */
export interface ClickCall {
  clickTransId: number;
  serviceId: string;
  clickPaydocId: number;
  /** The order, as the payment page's transaction_param named it. */
  merchantTransId: string;
  /** Complete only: the store's id of the prepared attempt. */
  merchantPrepareId?: number;
  /** Tiyin. */
  amount: number;
  action: ClickAction;
  /** Click's outcome: 0, or a negative code when the payment failed on Click's side. */
  error: number;
  errorNote: string;
  signTime: string;
  signString: string;
  /** The fields exactly as received, which the signature is over. */
  raw: Record<string, string>;
}

const BIGINT = /^\d{1,18}$/;
/** Sums with at most two decimals ("12650", "12650.00", "0.5"). */
const SUMS = /^(\d{1,13})(?:\.(\d{1,2}))?$/;
const SIGN_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** Sums as Click writes them, in tiyin; undefined when not a sum. */
export function tiyinOf(sums: string): number | undefined {
  const match = SUMS.exec(sums.trim());
  if (!match) return undefined;
  const [, whole = '', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * Reads a form as Click sends it; -3 for an action other than Prepare or Complete, -8 for a field
 * missing or of the wrong type (docs.click.uz/en/click-api-request, the two tables of parameters).
 */
export function readClickCall(form: URLSearchParams): ClickCall {
  const raw = Object.fromEntries(form);
  const field = (name: string): string => {
    const value = form.get(name);
    if (value === null) throw new ClickError(ClickErrorCode.BAD_REQUEST);
    return value;
  };
  const integer = (name: string): number => {
    const value = field(name);
    if (!BIGINT.test(value) || !Number.isSafeInteger(Number(value))) throw new ClickError(ClickErrorCode.BAD_REQUEST);
    return Number(value);
  };
  const actionText = field('action');
  const action = actionText === '0' ? ClickAction.PREPARE : actionText === '1' ? ClickAction.COMPLETE : undefined;
  if (action === undefined) throw new ClickError(ClickErrorCode.ACTION_NOT_FOUND);
  const amount = tiyinOf(field('amount'));
  const errorText = field('error');
  const signTime = field('sign_time');
  if (amount === undefined || !/^-?\d{1,9}$/.test(errorText) || !SIGN_TIME.test(signTime)) throw new ClickError(ClickErrorCode.BAD_REQUEST);
  const merchantTransId = field('merchant_trans_id');
  if (merchantTransId === '') throw new ClickError(ClickErrorCode.BAD_REQUEST);
  return {
    clickTransId: integer('click_trans_id'),
    serviceId: field('service_id'),
    clickPaydocId: integer('click_paydoc_id'),
    merchantTransId,
    merchantPrepareId: action === ClickAction.COMPLETE ? integer('merchant_prepare_id') : undefined,
    amount,
    action,
    error: Number(errorText),
    errorNote: form.get('error_note') ?? '',
    signTime,
    signString: field('sign_string'),
    raw,
  };
}

/**
 * The `sign_string` Click sends: md5(click_trans_id + service_id + SECRET_KEY + merchant_trans_id +
 * [merchant_prepare_id, Complete only] + amount + action + sign_time), over the fields as sent.
 */
export function clickSignature(fields: Record<string, string | undefined>, secretKey: string): string {
  const parts = [fields.click_trans_id, fields.service_id, secretKey, fields.merchant_trans_id];
  if (fields.action === String(ClickAction.COMPLETE)) parts.push(fields.merchant_prepare_id);
  parts.push(fields.amount, fields.action, fields.sign_time);
  return createHash('md5')
    .update(parts.map((part) => part ?? '').join(''), 'utf8')
    .digest('hex');
}

/** Whether the call is signed with the service's secret key, compared in constant time. */
export function signedBy(call: ClickCall, secretKey: string): boolean {
  if (secretKey === '') return false;
  const expected = Buffer.from(clickSignature(call.raw, secretKey));
  const given = Buffer.from(call.signString.trim().toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
