import { BaseModel } from './BaseModel';

/** The wholesale suppliers the store can buy top-ups from (docs/architecture.md, "Suppliers"); 'sandbox' only pretends. */
export const SUPPLIER_KINDS = ['sandbox', 'seagm', 'moogold', 'smartglocal'] as const;
export type SupplierKind = (typeof SUPPLIER_KINDS)[number];

/** A supplier the store is set up for: one row per kind, created at start when its settings are present. */
export class Supplier extends BaseModel {
  static override tableName = 'suppliers';
  static override hasUpdatedAt = true;

  declare id: number;
  declare kind: SupplierKind;
  declare name: string;
  declare active: boolean;
  declare priority: number;
  /** Minor units of balance_currency, as last read from the supplier; null until read. */
  declare balance: number | null;
  declare balance_currency: string | null;
  declare balance_checked_at: Date | null;
  /** Minor units of balance_currency; null: not watched. */
  declare low_balance_threshold: number | null;
  declare created_at: Date;
  declare updated_at: Date;
}
