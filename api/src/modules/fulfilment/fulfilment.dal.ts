import type { Knex } from 'knex';

/** Data access for fulfilment; every function takes the transaction to use. */
export const fulfilmentDal = {
  /** How many codes the order's items deliver. */
  async countItemCodes(trx: Knex.Transaction, orderId: number): Promise<number> {
    const row = await trx('order_items')
      .where({ order_id: orderId })
      .whereNotNull('stock_code_id')
      .count<{ count: number }>({ count: '*' })
      .first();
    return row?.count ?? 0;
  },
};
