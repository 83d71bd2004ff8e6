import type { Knex } from 'knex';
import type { StockCode } from '../../models';

/** A generated Free Fire code sold to the user, with what it credits: its offer's item id goes to the game with the credit. */
export type SoldCode = Pick<StockCode, 'id' | 'number' | 'activated_at' | 'activated_player_id' | 'activation_idempotency_key'> & {
  game_amount: number;
  item_id: number;
  unit: string;
};

/** Data access for Free Fire code activation; every function takes the connection to use. */
export const activationDal = {
  /** The generated code with this keyed hash, if it was sold (delivered) in one of the user's orders. */
  findSoldTo: (db: Knex, userId: number, codeHash: string): Promise<SoldCode | undefined> =>
    db('stock_codes as g')
      .join('orders as o', 'o.id', 'g.order_id')
      .join('game_denominations as d', 'd.id', 'g.denomination_id')
      .where({ 'g.source': 'generated', 'g.code_hash': codeHash, 'g.status': 'used', 'o.user_id': userId })
      .first(
        'g.id',
        'g.number',
        db.raw('coalesce(d.item_id, d.id) as item_id'),
        'd.unit',
        'g.game_amount',
        'g.activated_at',
        'g.activated_player_id',
        'g.activation_idempotency_key',
      ),

  /**
   * Claims the code for a player before the game is asked to credit it: a conditional update, so of
   * any number of concurrent attempts exactly one gets true. The claim keeps the request's
   * Idempotency-Key, so a re-run of that request knows the activation is its own.
   */
  async claim(db: Knex, codeId: number, playerId: string, idempotencyKey: string | undefined): Promise<boolean> {
    const updated = await db('stock_codes')
      .where({ id: codeId })
      .whereNull('activated_at')
      .update({ activated_at: db.fn.now(), activated_player_id: playerId, activation_idempotency_key: idempotencyKey ?? null });
    return updated === 1;
  },

  /** Gives a claim back after the game refused the credit, so the code can be activated again. */
  release: (db: Knex, codeId: number, playerId: string) =>
    db('stock_codes')
      .where({ id: codeId, activated_player_id: playerId })
      .whereNotNull('activated_at')
      .update({ activated_at: null, activated_player_id: null, activation_idempotency_key: null }),
};
