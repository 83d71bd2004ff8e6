import { BaseModel } from './BaseModel';

/** Where a denomination is delivered from: the game provider or the store's code stock. */
export type DenominationSourceKind = 'sandbox' | 'code_stock';

/** One source of a denomination, tried by priority (1 first). */
export class GameDenominationSource extends BaseModel {
  static override tableName = 'game_denomination_sources';

  declare id: number;
  declare denomination_id: number;
  declare kind: DenominationSourceKind;
  declare priority: number;
  declare created_at: Date;
}
