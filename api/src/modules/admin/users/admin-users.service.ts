import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { BALANCE_CURRENCIES, ErrorCode, formatMinor, fromMinor, LEDGER_REASONS, USER_ROLES } from '@topup/common';
import type {
  AdminLedgerEntry,
  AdminUser as AdminUserRecord,
  AdminUserNote,
  AdminUserSupportMessage,
  BalanceChangeBody,
  ListQuery,
} from '@topup/common/api';
import { auditOf, minorUnits, typedFilter, type AdminActor, type Dated } from '../../../lib/admin-input';
import { AppError, notFound, validationFailed } from '../../../lib/app-error';
import { recordAudit } from '../../../lib/audit';
import type { SupportMessage } from '../../../models';
import { changeBalance, type InvalidationBus } from '@topup/server-kit';
import { filterBy, listPage, parseListQuery, type ListSpec } from '../../../lib/simple-rest';
import { hashPassword } from '../../auth/auth.service';
import { adminUsersDal, type LedgerRowWithActor, type NoteWithAuthor, type UserWithTotals } from './admin-users.dal';

export type AdminUser = Dated<AdminUserRecord, 'createdAt'>;
export type LedgerEntryRecord = Dated<AdminLedgerEntry, 'createdAt'>;
export type UserNoteRecord = Dated<AdminUserNote, 'createdAt'>;
export type UserSupportMessageRecord = Dated<AdminUserSupportMessage, 'createdAt'>;

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

const LEDGER_LIST: ListSpec = {
  resource: 'ledger',
  sortable: { id: 'l.id', createdAt: 'l.created_at', amount: 'l.amount' },
  defaultSort: ['id', 'DESC'],
  filters: {
    currency: typedFilter.oneOf('currency', 'l.currency', BALANCE_CURRENCIES),
    reason: typedFilter.oneOf('reason', 'l.reason', LEDGER_REASONS),
    createdFrom: typedFilter.since('createdFrom', 'l.created_at'),
    createdTo: typedFilter.until('createdTo', 'l.created_at'),
  },
};

const NOTE_LIST: ListSpec = {
  resource: 'user-notes',
  sortable: { id: 'n.id', createdAt: 'n.created_at' },
  defaultSort: ['id', 'DESC'],
  filters: {},
};

const SUPPORT_LIST: ListSpec = {
  resource: 'support-messages',
  sortable: { id: 'id', createdAt: 'created_at' },
  defaultSort: ['id', 'DESC'],
  filters: { status: typedFilter.text('status', filterBy.equals('status')) },
};

/** How much of a support message the customer screen shows. */
const PREVIEW_WORDS = 12;

function previewOf(message: string): string {
  const words = message.trim().split(/\s+/);
  return words.length > PREVIEW_WORDS ? `${words.slice(0, PREVIEW_WORDS).join(' ')}…` : words.join(' ');
}

const toLedgerEntry = (row: LedgerRowWithActor): LedgerEntryRecord => ({
  id: Number(row.id),
  currency: row.currency,
  amount: fromMinor(Number(row.amount)),
  balanceAfter: fromMinor(Number(row.balance_after)),
  reason: row.reason,
  orderId: row.order_id === null ? null : Number(row.order_id),
  actorId: row.actor_id,
  actorNickname: row.actor_nickname,
  note: row.note,
  createdAt: row.created_at,
});

const toNote = (row: NoteWithAuthor): UserNoteRecord => ({
  id: Number(row.id),
  userId: row.user_id,
  authorId: row.author_id,
  authorNickname: row.author_nickname,
  note: row.note,
  createdAt: row.created_at,
});

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
     * Credits or debits one balance through the ledger (an admin adjustment carrying the reason), under
     * the balance row lock, audited in the same transaction. A debit never takes the balance below zero.
     */
    async changeBalance(actor: AdminActor, userId: number, body: BalanceChangeBody): Promise<AdminUser> {
      const amount = minorUnits({ amount: body.amount }).amount!;
      const reason = body.reason.trim();
      if (amount === 0 || !reason) {
        throw validationFailed('The request is not valid', [
          ...(amount === 0 ? [{ field: 'amount', message: 'must not be 0' }] : []),
          ...(reason ? [] : [{ field: 'reason', message: 'is required' }]),
        ]);
      }
      await db.transaction(async (trx) => {
        if (!(await adminUsersDal.lockUser(trx, userId))) throw notFound('User');
        const balance = (await adminUsersDal.lockBalances(trx, userId))[body.currency];
        if (balance + amount < 0) {
          throw new AppError(
            409,
            ErrorCode.INSUFFICIENT_BALANCE,
            `The ${body.currency.toUpperCase()} balance is ${formatMinor(balance, body.currency)}: a debit of ${formatMinor(-amount, body.currency)} would take it below zero`,
            { currency: body.currency, balance: fromMinor(balance), amount: body.amount },
          );
        }
        const before = await detail(trx, userId);
        const entry = await changeBalance(trx, {
          userId,
          currency: body.currency,
          amount,
          reason: 'admin_adjustment',
          // Every adjustment is its own event; the reference only keeps its ledger row unique.
          reference: `admin-adjustment:${userId}:${body.currency}:${randomUUID()}`,
          actorId: actor.userId,
          note: reason,
        });
        await recordAudit(trx, {
          ...auditOf(actor, 'user', amount > 0 ? 'balance_credit' : 'balance_debit', userId),
          before,
          after: { ...(await detail(trx, userId)), reason, ledgerEntryId: entry.id, currency: body.currency, amount: body.amount },
        });
      });
      return detail(db, userId);
    },

    async ledger(userId: number, query: ListQuery) {
      await detail(db, userId);
      const list = parseListQuery(query, LEDGER_LIST);
      const { rows, total } = await listPage<LedgerRowWithActor>(adminUsersDal.ledgerQuery(db, userId), LEDGER_LIST, list, 'l.id');
      return { rows: rows.map(toLedgerEntry), total, range: list.range };
    },

    async notes(userId: number, query: ListQuery) {
      await detail(db, userId);
      const list = parseListQuery(query, NOTE_LIST);
      const base = adminUsersDal.notesQuery(db).where('n.user_id', userId);
      const { rows, total } = await listPage<NoteWithAuthor>(base, NOTE_LIST, list, 'n.id');
      return { rows: rows.map(toNote), total, range: list.range };
    },

    /** Adds an admin's note on the user, audited. */
    async addNote(actor: AdminActor, userId: number, text: string): Promise<UserNoteRecord> {
      const note = text.trim();
      if (!note) throw validationFailed('The request is not valid', [{ field: 'note', message: 'must not be blank' }]);
      return db.transaction(async (trx) => {
        if (!(await adminUsersDal.lockUser(trx, userId))) throw notFound('User');
        const id = await adminUsersDal.addNote(trx, { user_id: userId, author_id: actor.userId, note });
        const record = toNote((await adminUsersDal.notesQuery(trx).where('n.id', id).first()) as NoteWithAuthor);
        await recordAudit(trx, { ...auditOf(actor, 'user', 'note_add', userId), before: null, after: record });
        return record;
      });
    },

    async supportMessages(userId: number, query: ListQuery) {
      await detail(db, userId);
      const list = parseListQuery(query, SUPPORT_LIST);
      const { rows, total } = await listPage<Pick<SupportMessage, 'id' | 'status' | 'message' | 'created_at'>>(
        adminUsersDal.supportMessagesQuery(db, userId),
        SUPPORT_LIST,
        list,
      );
      const records: UserSupportMessageRecord[] = rows.map((row) => ({
        id: Number(row.id),
        status: row.status,
        preview: previewOf(row.message),
        createdAt: row.created_at,
      }));
      return { rows: records, total, range: list.range };
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
