import type { Knex } from 'knex';

/** Data access for fulfilment; every function takes the transaction to use. */
export const fulfilmentDal = {
  /**
   * Marks the codes reserved for a code order sold, in one statement with how many codes the order's
   * items deliver: `sold` short of `expected` means some were released elsewhere.
   */
  async sellReservedCodes(trx: Knex.Transaction, orderId: number): Promise<{ expected: number; sold: number }> {
    const sold = trx('stock_codes')
      .where({ order_id: orderId, status: 'reserved' })
      .update({ status: 'used', sold_at: trx.fn.now(), reserved_until: null })
      .returning('id');
    const expected = trx('order_items').where({ order_id: orderId }).whereNotNull('stock_code_id').count('*');
    const [row] = await trx
      .with('sold', sold)
      .select(trx.raw('(?)::integer AS expected', [expected]), trx.raw('(SELECT count(*) FROM sold)::integer AS sold'));
    if (!row) throw new Error('The count of sold codes returned no row');
    return row as { expected: number; sold: number };
  },
};
