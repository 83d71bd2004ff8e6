import type { Knex } from 'knex';
import type { Order, User } from '../../../models';

/** Orders the inbox lists at most. */
const NEEDS_ATTENTION_LIMIT = 50;

/** An order the dashboard's "Needs attention" inbox lists. */
export type OrderNeedingAttention = Pick<Order, 'id' | 'kind' | 'status' | 'attention_reason'> & {
  user_nickname: User['nickname'];
  /** Flagged (its delivery ran out of attempts, or money around it is in doubt), or only still processing for too long. */
  flagged: boolean;
  /** Since when: the flag's time, or when the order was paid. */
  since: Date;
};

/**
 * Orders a person should look at: flagged ones, whatever their status, and ones still processing
 * `stuckAfterMinutes` after they were paid; the newest problem first.
 */
export const needsAttentionDal = {
  orders: (db: Knex, stuckAfterMinutes: number): Promise<OrderNeedingAttention[]> =>
    db('orders as o')
      .join('users as u', 'u.id', 'o.user_id')
      .where((where) =>
        void where
          .whereNotNull('o.attention_since')
          .orWhere((stuck) =>
            void stuck
              .where('o.status', 'processing')
              .andWhereRaw('coalesce(o.paid_at, o.created_at) < now() - make_interval(mins => ?)', [stuckAfterMinutes]),
          ),
      )
      .select(
        'o.id',
        'o.kind',
        'o.status',
        'o.attention_reason',
        'u.nickname as user_nickname',
        db.raw('o.attention_since is not null as flagged'),
        db.raw('coalesce(o.attention_since, o.paid_at, o.created_at) as since'),
      )
      .orderBy('since', 'desc')
      .orderBy('o.id', 'desc')
      .limit(NEEDS_ATTENTION_LIMIT),
};
