import { ErrorCode, PROMO_CODE_REFUSALS, type PromoCodeRefusal } from '@topup/common';
import type { PromoCodeCheck } from '@topup/common/api';
import { toApiError } from '../../../lib/api-error';

/** A promo code the preview accepted: what checkout sends, and what it shows until the currency changes. */
export interface AppliedPromo {
  code: string;
  /** In the checkout's currency, as the API speaks (decimals). */
  discount: number;
  total: number;
}

/** Why a code was refused, with the minimum order when that is why. */
export interface PromoRefusal {
  reason: PromoCodeRefusal;
  minOrder?: number;
}

const isRefusal = (value: unknown): value is PromoCodeRefusal => (PROMO_CODE_REFUSALS as readonly unknown[]).includes(value);

/** The preview's answer as the field shows it: applied, or refused with its reason. */
export function readPromoCheck(check: PromoCodeCheck): { applied: AppliedPromo } | { refusal: PromoRefusal } {
  if (check.valid) return { applied: { code: check.code ?? '', discount: check.discount, total: check.total } };
  return { refusal: { reason: check.reason ?? 'not_found', ...(check.minOrder === undefined ? {} : { minOrder: check.minOrder }) } };
}

/** The refusal a checkout call answered (422 PROMO_CODE_INVALID), or null for any other failure. */
export function promoRefusalOf(error: unknown): PromoRefusal | null {
  const apiError = toApiError(error);
  if (apiError.code !== ErrorCode.PROMO_CODE_INVALID) return null;
  const details = apiError.details as { reason?: unknown; minOrder?: unknown } | null | undefined;
  if (!isRefusal(details?.reason)) return { reason: 'not_found' };
  return { reason: details.reason, ...(typeof details.minOrder === 'number' ? { minOrder: details.minOrder } : {}) };
}

/** Codes are compared case-insensitively; what the shopper typed, trimmed, or null when empty. */
export function enteredCode(text: string): string | null {
  const code = text.trim();
  return code === '' ? null : code;
}
