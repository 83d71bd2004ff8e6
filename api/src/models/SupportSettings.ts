import { BaseModel } from './BaseModel';

/**
 * The support page as the back office set it: its messenger and, per language, its intro. One row,
 * id 1 (support_settings_singleton).
 */
export class SupportSettings extends BaseModel {
  static override tableName = 'support_settings';
  static override hasUpdatedAt = true;
  declare id: number;
  /** Named on the messenger button ("Telegram"). */
  declare messenger_name: string;
  /** https://…, or '' for no messenger button. */
  declare messenger_url: string;
  /** { ru, en, uz }: '' keeps the storefront's own words. */
  declare intro: Record<string, string>;
  declare updated_at: Date;
}
