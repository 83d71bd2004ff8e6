import type { Knex } from 'knex';
import type { RowOf, Supplier, SupplierProduct } from '../../../models';

/** A supplier's product with the slug of the game it tops up. */
export type ListedSupplierProduct = RowOf<SupplierProduct> & { game: string | null };

/** The columns an admin changes of a supplier. */
export type SupplierSettings = Pick<Supplier, 'active' | 'priority' | 'low_balance_threshold'>;

/** Suppliers and their catalogues as the back office reads and changes them. */
export const adminSuppliersDal = {
  suppliers: (db: Knex) => db('suppliers').select<Array<RowOf<Supplier>>>('*'),

  lock: (trx: Knex.Transaction, id: number) => trx('suppliers').where({ id }).forUpdate().first<RowOf<Supplier> | undefined>(),

  update: (trx: Knex.Transaction, id: number, settings: SupplierSettings) =>
    trx('suppliers')
      .where({ id })
      .update({ ...settings, updated_at: trx.fn.now() }),

  /** Every supplier's products, with their game's slug, as a table the list protocol can filter and sort. */
  products: (db: Knex) =>
    db
      .from(
        db('supplier_products as sp')
          .leftJoin('games as g', 'g.id', 'sp.game_id')
          .leftJoin('products as p', 'p.id', 'g.product_id')
          .select('sp.*', 'p.slug as game')
          .as('catalogue'),
      )
      .select('*'),
};
