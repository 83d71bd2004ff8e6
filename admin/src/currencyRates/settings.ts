import { FAILED_CARD_TOPUP_REFUND_TARGETS } from '@topup/common';
import type { CurrencySettings } from '@topup/common/api';

export type EditableSettings = Pick<CurrencySettings, 'steamCommissionPercent' | 'ratesAutoUpdate' | 'rateChangeConfirmPercent' | 'failedCardTopupRefundTo'>;
export interface SettingsFormValues {
  steamCommissionPercent?: unknown;
  ratesAutoUpdate?: unknown;
  rateChangeConfirmPercent?: unknown;
  failedCardTopupRefundTo?: unknown;
}

/** A number input's value as a number, NaN when empty. */
const numberOf = (value: unknown) => (value === '' || value === null || value === undefined ? NaN : Number(value));

export type RefundTarget = CurrencySettings['failedCardTopupRefundTo'];

export const REFUND_TARGET_CHOICES = FAILED_CARD_TOPUP_REFUND_TARGETS.map((id) => ({ id, name: `resources.currencyRates.settings.refundTo.${id}` }));

function isRefundTarget(value: unknown): value is RefundTarget {
  return typeof value === 'string' && (FAILED_CARD_TOPUP_REFUND_TARGETS as readonly string[]).includes(value);
}

/** The settings that changed, as `POST /api/currency-settings/settings` takes them. */
export function settingsChanges(previous: EditableSettings, values: SettingsFormValues): Partial<EditableSettings> {
  const changes: Partial<EditableSettings> = {};
  const percent = numberOf(values.steamCommissionPercent);
  if (Number.isFinite(percent) && percent !== Number(previous.steamCommissionPercent)) changes.steamCommissionPercent = percent;
  const confirmPercent = numberOf(values.rateChangeConfirmPercent);
  if (Number.isFinite(confirmPercent) && confirmPercent !== Number(previous.rateChangeConfirmPercent)) {
    changes.rateChangeConfirmPercent = confirmPercent;
  }
  if (typeof values.ratesAutoUpdate === 'boolean' && values.ratesAutoUpdate !== previous.ratesAutoUpdate) {
    changes.ratesAutoUpdate = values.ratesAutoUpdate;
  }
  if (isRefundTarget(values.failedCardTopupRefundTo) && values.failedCardTopupRefundTo !== previous.failedCardTopupRefundTo) {
    changes.failedCardTopupRefundTo = values.failedCardTopupRefundTo;
  }
  return changes;
}
