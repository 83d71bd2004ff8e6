import { STOCK_THRESHOLD_TARGETS } from '@topup/common';

export const TARGET_CHOICES = STOCK_THRESHOLD_TARGETS.map((id) => ({ id, name: `resources.stockThresholds.target.${id}` }));

/** The targets a new threshold can have: the default exists already. */
export const NEW_TARGET_CHOICES = TARGET_CHOICES.filter((choice) => choice.id !== 'default');

type NewTarget = 'product' | 'pubg' | 'freefire';

/** The create body for the chosen target: only its fields, so a switched target leaves nothing behind. */
export function createPayload(data: Record<string, unknown>): Record<string, unknown> {
  const target = data.target as NewTarget;
  const optional = (value: unknown) => (value === '' || value === undefined ? null : value);
  const fields: Record<NewTarget, Record<string, unknown>> = {
    product: { productId: data.productId, regionId: optional(data.regionId), gameAmount: optional(data.gameAmount) },
    pubg: { pubgDenominationId: data.pubgDenominationId },
    freefire: { freefireDenominationId: data.freefireDenominationId },
  };
  return { ...fields[target], threshold: data.threshold };
}
