import { pickFields } from '../components/payload';
import { parseIds } from '../promoCodes/promoCodePayload';
import { PROMOTION_FIELDS } from './PromotionForm';

const moment = (value: unknown) => (value === undefined || value === null || value === '' ? null : new Date(String(value)).toISOString());

/**
 * The form's values as the API takes them (docs/architecture.md, "Promotions that discount"): only its
 * fields, dates as ISO moments, empty ends as null; without a discount no value or currency, and a
 * currency only for a fixed sum.
 */
export function promotionPayload(values: Record<string, unknown>): Record<string, unknown> {
  const fields = pickFields(values, PROMOTION_FIELDS);
  const discountType = fields.discountType === 'percent' || fields.discountType === 'fixed' ? fields.discountType : null;
  const value = fields.discountValue;
  return {
    ...fields,
    discountType,
    discountValue: discountType === null || value === undefined || value === null || value === '' ? null : Number(value),
    currency: discountType === 'fixed' ? (fields.currency ?? null) : null,
    productIds: parseIds(fields.productIds),
    gameIds: parseIds(fields.gameIds),
    denominationIds: parseIds(fields.denominationIds),
    validFrom: moment(fields.validFrom),
    validTo: moment(fields.validTo),
  };
}
