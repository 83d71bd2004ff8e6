import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { BALANCE_CURRENCIES, fromMinor, USER_ROLES, type BalanceCurrency } from '@topup/common';
import type { AdminUser as AdminUserRecord, ListQuery, UpdateUserBody } from '@topup/common/api';
import { auditOf, minorUnits, typedFilter, type AdminActor, type Dated } from '../../../lib/admin-input';
import { notFound, validationFailed } from '../../../lib/app-error';
import { recordAudit } from '../../../lib/audit';
import { changeBalance, type InvalidationBus } from '@topup/server-kit';
import { filterBy, listPage, parseListQuery, type ListSpec } from '../../../lib/simple-rest';
import { hashPassword } from '../../auth/auth.service';
import { adminUsersDal, type UserWithTotals } from './admin-users.dal';

export type AdminUser = Dated<AdminUserRecord, 'createdAt'>;

const USER_LIST: ListSpec = {
  resource: 'users',
  sortable: {
    id: 'u.id',
    nickname: 'u.nickname',
    role: 'u.role',
    createdAt: 'u.created_at',
    balanceUsd: 'balance_usd',
    balanceRub: 'balance_rub',
    ordersCount: 'orders_count',
  },
  defaultSort: ['id', 'DESC'],
  filters: {
    id: typedFilter.ids('id', 'u.id'),
    q: typedFilter.text('q', filterBy.search('u.nickname')),
    role: typedFilter.oneOf('role', 'u.role', USER_ROLES),
  },
};

const toAdminUser = (row: UserWithTotals): AdminUser => ({
  id: row.id,
  nickname: row.nickname,
  role: row.role,
  balanceUsd: fromMinor(row.balance_usd),
  balanceRub: fromMinor(row.balance_rub),
  ordersCount: row.orders_count,
  createdAt: row.created_at,
});

export function createAdminUsersService(deps: { db: Knex; invalidations: InvalidationBus }) {
  const { db, invalidations } = deps;

  async function detail(conn: Knex, userId: number): Promise<AdminUser> {
    const row = await adminUsersDal.find(conn, userId);
    if (!row) throw notFound('User');
    return toAdminUser(row);
  }

  return {
    async list(input: ListQuery) {
      const list = parseListQuery(input, USER_LIST);
      const page = await listPage<UserWithTotals>(adminUsersDal.listBase(db), USER_LIST, list, 'u.id');
      return { rows: page.rows.map(toAdminUser), total: page.total, range: list.range };
    },

    detail: (userId: number) => detail(db, userId),

    /** 404 unless the user exists (for lists scoped to one user). */
    async assertExists(userId: number): Promise<void> {
      await detail(db, userId);
    },

    /**
     * Sets the balances sent. Each difference goes on the ledger as an admin adjustment carrying the
     * reason, under the balance row locks, and the change is audited; nothing changes unless all of it does.
     */
    async update(actor: AdminActor, userId: number, body: UpdateUserBody): Promise<AdminUser> {
      const minor = minorUnits({ balanceUsd: body.balanceUsd, balanceRub: body.balanceRub });
      const requested: Partial<Record<BalanceCurrency, number>> = { usd: minor.balanceUsd, rub: minor.balanceRub };
      const reason = body.reason?.trim() ?? '';
      await db.transaction(async (trx) => {
        if (!(await adminUsersDal.lockUser(trx, userId))) throw notFound('User');
        const current = await adminUsersDal.lockBalances(trx, userId);
        const changes = BALANCE_CURRENCIES.flatMap((currency) => {
          const target = requested[currency];
          return target === undefined || target === current[currency] ? [] : [{ currency, difference: target - current[currency] }];
        });
        if (changes.length === 0) return;
        if (!reason) {
          throw validationFailed('Say why the balance changes', [{ field: 'reason', message: 'is required when a balance changes' }]);
        }
        const before = await detail(trx, userId);
        const entries = [];
        for (const { currency, difference } of changes) {
          const entry = await changeBalance(trx, {
            userId,
            currency,
            amount: difference,
            reason: 'admin_adjustment',
            // Every adjustment is its own event; the reference only keeps its ledger row unique.
            reference: `admin-adjustment:${userId}:${currency}:${randomUUID()}`,
            actorId: actor.userId,
            note: reason,
          });
          entries.push({ ledgerEntryId: entry.id, currency, difference: fromMinor(difference) });
        }
        await recordAudit(trx, {
          ...auditOf(actor, 'user', 'balance_set', userId),
          before,
          after: { ...(await detail(trx, userId)), reason, adjustments: entries },
        });
      });
      return detail(db, userId);
    },

    /** Sets a new password (hashed as at registration) and ends every session of the user. */
    async changePassword(actor: AdminActor, userId: number, password: string): Promise<AdminUser> {
      // Hashed before the transaction: argon2 is slow on purpose and must not hold the row lock.
      const passwordHash = await hashPassword(password);
      await db.transaction(async (trx) => {
        const user = await adminUsersDal.lockUser(trx, userId);
        if (!user) throw notFound('User');
        const [updated] = await adminUsersDal.changePassword(trx, userId, passwordHash);
        await recordAudit(trx, {
          ...auditOf(actor, 'user', 'password_change', userId),
          // Never the hash: only that the password changed and which sessions it ended.
          before: { tokenVersion: user.token_version },
          after: { tokenVersion: updated?.token_version, passwordChanged: true },
        });
      });
      await invalidations.publish('user', { userId });
      return detail(db, userId);
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
