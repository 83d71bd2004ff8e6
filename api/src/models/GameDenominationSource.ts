import { BaseModel } from './BaseModel';

/** Where a denomination is delivered from: the sandbox game provider, the store's code stock, or a supplier's product. */
export type DenominationSourceKind = 'sandbox' | 'code_stock' | 'supplier';

/** One source of a denomination, tried by priority (1 first). */
export class GameDenominationSource extends BaseModel {
  static override tableName = 'game_denomination_sources';

  declare id: number;
  declare denomination_id: number;
  declare kind: DenominationSourceKind;
  declare priority: number;
  /** The supplier's product a 'supplier' source buys; null for the other kinds. */
  declare supplier_product_id: number | null;
  declare created_at: Date;
}
