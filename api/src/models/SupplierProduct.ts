import { BaseModel } from './BaseModel';

/** An account field a supplier's product asks for, in the supplier's words. */
export interface SupplierProductField {
  name: string;
  label: string;
}

/** A product a supplier sells, as its catalogue last listed it. */
export class SupplierProduct extends BaseModel {
  static override tableName = 'supplier_products';
  static override hasUpdatedAt = true;

  declare id: number;
  declare supplier_id: number;
  /** The supplier's own id of it (SEAGM: the recharge type id). */
  declare external_id: string;
  /** The game it tops up; null when no game of the store matches it. */
  declare game_id: number | null;
  declare name: string;
  /** The account fields it needs, in the supplier's order; the game's fields fill them in the game's order. */
  declare fields: SupplierProductField[];
  /** Minor units of cost_currency. */
  declare cost: number;
  declare cost_currency: string;
  declare available: boolean;
  declare created_at: Date;
  declare updated_at: Date;
}
