import type { CurrencySettings } from '@topup/common';

export type EditableSettings = Pick<CurrencySettings, 'steamCommissionPercent' | 'ratesAutoUpdate'>;
export interface SettingsFormValues {
  steamCommissionPercent?: unknown;
  ratesAutoUpdate?: unknown;
}

/** The settings that changed, as `POST /api/currency-settings/settings` takes them. */
export function settingsChanges(previous: EditableSettings, values: SettingsFormValues): Partial<EditableSettings> {
  const changes: Partial<EditableSettings> = {};
  const percent = values.steamCommissionPercent === '' || values.steamCommissionPercent === null ? NaN : Number(values.steamCommissionPercent);
  if (Number.isFinite(percent) && percent !== Number(previous.steamCommissionPercent)) changes.steamCommissionPercent = percent;
  if (typeof values.ratesAutoUpdate === 'boolean' && values.ratesAutoUpdate !== previous.ratesAutoUpdate) {
    changes.ratesAutoUpdate = values.ratesAutoUpdate;
  }
  return changes;
}
