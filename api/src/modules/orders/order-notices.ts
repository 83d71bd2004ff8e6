import type { Knex } from 'knex';
import { fromMinor } from '@topup/common';
import type { OrderNotice } from '@topup/common/api';

/**
 * Orders keep their notices (@topup/common/api OrderNotice) in `orders.notices`, oldest first, with
 * money in minor units as everywhere in the database; the API speaks decimals.
 */

/** The column update that adds notices after the order's others. */
export const appendNotices = (db: Knex | Knex.Transaction, notices: readonly OrderNotice[]) =>
  db.raw('notices || ?::jsonb', [JSON.stringify(notices)]);

/** Stored notices as the API answers them: the money of `refund` in decimals. */
export function noticesForApi(stored: readonly OrderNotice[]): OrderNotice[] {
  return stored.map((notice) =>
    'refund' in notice.params ? ({ ...notice, params: { ...notice.params, refund: { ...notice.params.refund, amount: fromMinor(notice.params.refund.amount) } } } as OrderNotice) : notice,
  );
}
