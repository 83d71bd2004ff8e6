import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { BALANCE_CURRENCIES, fromMinor, hasAtMostTwoDecimals, toMinor, type BalanceCurrency } from '@topup/common';
import { validationFailed } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { changeBalance } from '@topup/server-kit';
import { usersDal } from '../users/users.dal';
import type { TopupBody } from './balance.schemas';

export interface BalanceView {
  currency: BalanceCurrency;
  /** Decimal amount. */
  amount: number;
}

export function createBalanceService(deps: { db: Knex }) {
  const { db } = deps;

  async function balancesOf(userId: number): Promise<BalanceView[]> {
    const balances = await usersDal.balancesOf(db, userId);
    return BALANCE_CURRENCIES.map((currency) => ({ currency, amount: fromMinor(balances[currency]) }));
  }

  return {
    balances: balancesOf,

    /** An admin credits their own balance (the profile page's top-up button); ledgered and audited. */
    async adminTopup(adminId: number, body: TopupBody, requestId: string): Promise<BalanceView[]> {
      if (!hasAtMostTwoDecimals(body.amount)) {
        throw validationFailed('Please enter a valid amount', [
          { field: 'amount', message: 'must have at most 2 decimal places' },
        ]);
      }
      const amount = toMinor(body.amount);
      await db.transaction(async (trx) => {
        const entry = await changeBalance(trx, {
          userId: adminId,
          currency: body.currency,
          amount,
          reason: 'admin_topup',
          // Every request is its own top-up; the reference still makes the ledger row unique.
          reference: `admin-topup:${randomUUID()}`,
          actorId: adminId,
        });
        await recordAudit(trx, {
          actorId: adminId,
          action: 'balance.topup',
          entity: 'user',
          entityId: String(adminId),
          before: { currency: body.currency, amount: fromMinor(entry.balance_after - amount) },
          after: { currency: body.currency, amount: fromMinor(entry.balance_after) },
          requestId,
        });
      });
      return balancesOf(adminId);
    },
  };
}

export type BalanceService = ReturnType<typeof createBalanceService>;
