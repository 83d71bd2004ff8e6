import type { Knex } from 'knex';

/** Data access for fulfilment; every function takes the transaction to use. */
export const fulfilmentDal = {
  /** How many codes the order's items deliver (manual and generated). */
  async countItemCodes(trx: Knex.Transaction, orderId: number): Promise<number> {
    const row = await trx('order_items')
      .where({ order_id: orderId })
      .andWhere((where) => void where.whereNotNull('code_id').orWhereNotNull('generated_code_id'))
      .count<{ count: number }>({ count: '*' })
      .first();
    return row?.count ?? 0;
  },

  /** Marks the codes reserved for the order as sold; resolves to how many were. */
  async markReservedCodesUsed(trx: Knex.Transaction, orderId: number): Promise<number> {
    let sold = 0;
    for (const table of ['codes', 'generated_codes']) {
      sold += await trx(table)
        .where({ order_id: orderId, status: 'reserved' })
        .update({ status: 'used', sold_at: trx.fn.now(), reserved_until: null });
    }
    return sold;
  },
};
