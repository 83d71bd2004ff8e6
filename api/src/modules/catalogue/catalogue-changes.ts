import type { Knex } from 'knex';
import type { InvalidationBus } from '@topup/server-kit';

/**
 * Tells every API process what a write changed of the shopper's catalogue answers
 * (catalogue-answers.ts), once the write's transaction commits and never if it rolls back. Each call
 * goes in the transaction that makes the change: a product's row, regions, prices or stock (a sale,
 * a hold, a release), or what belongs to no product (promotions, Free Fire offers, PUBG packages).
 */
export function createCatalogueChanges(invalidations: InvalidationBus) {
  /** `conn` is the write's transaction, or the database for a write of one statement (committed already). */
  const products = (conn: Knex, productIds: Iterable<number>): void => {
    for (const productId of new Set(productIds)) invalidations.publishAfterCommit(conn, 'catalogue', { productId });
  };

  return {
    products,

    /** The stock these orders' code items took or held went back on sale (a cancelled hold, a refund) or was taken again. */
    async ofOrders(trx: Knex.Transaction, orderIds: number[]): Promise<void> {
      if (orderIds.length === 0) return;
      const rows: Array<{ product_id: number }> = await trx('order_items')
        .distinct('product_id')
        .whereRaw('order_id = any(?)', [orderIds])
        .andWhere({ item_type: 'code' })
        .whereNotNull('product_id');
      products(
        trx,
        rows.map((row) => row.product_id),
      );
    },

    /** Every product sold in this region, whose pages name it and whose options it gates. */
    async ofRegion(trx: Knex.Transaction, regionId: number): Promise<void> {
      const rows: Array<{ product_id: number }> = await trx('product_regions').select('product_id').where({ region_id: regionId });
      products(
        trx,
        rows.map((row) => row.product_id),
      );
    },

    /** A promotion, a Free Fire offer or a PUBG package: answers of no product, so every answer goes. */
    everything(trx: Knex.Transaction): void {
      invalidations.publishAfterCommit(trx, 'catalogue', {});
    },
  };
}

export type CatalogueChanges = ReturnType<typeof createCatalogueChanges>;
