import { BaseModel } from './BaseModel';

/** The support page's single settings row (id 1): its messenger and, per language, its intro. */
export class SupportSettings extends BaseModel {
  static override tableName = 'support_settings';
  static override hasUpdatedAt = true;

  static readonly SINGLETON_ID = 1;

  declare id: number;
  declare messenger_name: string;
  /** https://…, or '' for no messenger button. */
  declare messenger_url: string;
  /** { ru, en, uz }: '' keeps the storefront's own words. */
  declare intro: Record<string, string>;
  declare updated_at: Date;
}
