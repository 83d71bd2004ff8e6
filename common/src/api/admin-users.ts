import Type, { type Static } from 'typebox';
import { ADJUSTMENT_REASON_MAX_LENGTH, USER_NOTE_MAX_LENGTH } from '../admin-records';
import { MAX_PRICE } from '../column-limits';
import { BALANCE_CURRENCIES, LEDGER_REASONS } from '../money';
import { ADMIN_PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, SUPPORT_MESSAGE_STATUSES, USER_ROLES } from '../rules';
import { endpoint, IdParams, Nullable, StringEnum, Timestamp } from './contract';
import { listEndpoint } from './admin-crud';
import { AdminOrder } from './admin-orders';

export { ADJUSTMENT_REASON_MAX_LENGTH, USER_NOTE_MAX_LENGTH };

/** A user as the back office sees it. */
export const AdminUser = Type.Object(
  {
    id: Type.Integer(),
    nickname: Type.String(),
    role: StringEnum(USER_ROLES),
    balanceUsd: Type.Number(),
    balanceRub: Type.Number(),
    ordersCount: Type.Integer(),
    createdAt: Timestamp,
  },
  { examples: [{ id: 7, nickname: 'player_one', role: 'user', balanceUsd: 12.5, balanceRub: 1500, ordersCount: 3, createdAt: '2026-03-01T09:00:00.000Z' }] },
);
export type AdminUser = Static<typeof AdminUser>;

/** A credit (amount above 0) or a debit (below 0) of one balance; a balance never goes below 0. */
export const BalanceChangeBody = Type.Object(
  {
    currency: StringEnum(BALANCE_CURRENCIES),
    amount: Type.Number({ minimum: -MAX_PRICE, maximum: MAX_PRICE, description: 'A decimal with at most 2 decimals, never 0: above 0 credits, below 0 debits.' }),
    reason: Type.String({ minLength: 1, maxLength: ADJUSTMENT_REASON_MAX_LENGTH, description: 'Why; kept on the ledger.' }),
  },
  { additionalProperties: false, examples: [{ currency: 'rub', amount: -150, reason: 'Duplicate compensation for order 1042' }] },
);
export type BalanceChangeBody = Static<typeof BalanceChangeBody>;

/** One movement of a user's balance, with the balance it left. */
export const AdminLedgerEntry = Type.Object(
  {
    id: Type.Integer(),
    currency: StringEnum(BALANCE_CURRENCIES),
    amount: Type.Number({ description: 'Above 0 a credit, below 0 a debit.' }),
    balanceAfter: Type.Number(),
    reason: StringEnum(LEDGER_REASONS),
    orderId: Nullable(Type.Integer()),
    actorId: Nullable(Type.Integer({ description: 'The admin behind a manual movement.' })),
    actorNickname: Nullable(Type.String()),
    note: Nullable(Type.String()),
    createdAt: Timestamp,
  },
  {
    examples: [
      { id: 88, currency: 'usd', amount: -2.5, balanceAfter: 10, reason: 'admin_adjustment', orderId: null, actorId: 1, actorNickname: 'admin', note: 'Correction', createdAt: '2026-03-04T12:30:00.000Z' },
    ],
  },
);
export type AdminLedgerEntry = Static<typeof AdminLedgerEntry>;

/** An admin's note on a customer. */
export const AdminUserNote = Type.Object(
  {
    id: Type.Integer(),
    userId: Type.Integer(),
    authorId: Nullable(Type.Integer()),
    authorNickname: Nullable(Type.String()),
    note: Type.String(),
    createdAt: Timestamp,
  },
  { examples: [{ id: 3, userId: 7, authorId: 1, authorNickname: 'admin', note: 'Asked for a refund twice by e-mail.', createdAt: '2026-03-04T12:30:00.000Z' }] },
);
export type AdminUserNote = Static<typeof AdminUserNote>;

export const NewUserNoteBody = Type.Object(
  { note: Type.String({ minLength: 1, maxLength: USER_NOTE_MAX_LENGTH }) },
  { additionalProperties: false, examples: [{ note: 'Asked for a refund twice by e-mail.' }] },
);
export type NewUserNoteBody = Static<typeof NewUserNoteBody>;

/** A support request the user sent, in short; the support inbox shows it whole. */
export const AdminUserSupportMessage = Type.Object(
  {
    id: Type.Integer(),
    status: StringEnum(SUPPORT_MESSAGE_STATUSES),
    preview: Type.String({ description: 'The first words of the message.' }),
    createdAt: Timestamp,
  },
  { examples: [{ id: 12, status: 'open', preview: 'My UC did not arrive after…', createdAt: '2026-03-04T12:30:00.000Z' }] },
);
export type AdminUserSupportMessage = Static<typeof AdminUserSupportMessage>;

export const ChangePasswordBody = Type.Object(
  { password: Type.String({ minLength: ADMIN_PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH }) },
  { additionalProperties: false, examples: [{ password: 'a new passphrase' }] },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

const tag = 'Back office: users';

/** No create or delete of users; a role change is not offered. */
export const adminUserEndpoints = {
  list: listEndpoint({
    path: '/admin/users',
    resource: 'users',
    tag,
    summary: 'List users',
    description: 'Filters: `q` (nickname), `role`. Sort: id, nickname, role, createdAt, balanceUsd, balanceRub, ordersCount.',
    record: AdminUser,
  }),
  get: endpoint({ method: 'get', path: '/admin/users/:id', auth: 'admin', tag, summary: 'Read a user', params: IdParams, response: AdminUser, errors: [404] }),
  changeBalance: endpoint({
    method: 'post',
    path: '/admin/users/:id/balance-changes',
    auth: 'admin',
    tag,
    summary: "Credit or debit a user's balance",
    description: 'Goes on the ledger as an admin adjustment with the reason. A debit larger than the balance is a 409 naming the balance.',
    params: IdParams,
    body: BalanceChangeBody,
    response: AdminUser,
    errors: [404, 409],
  }),
  ledger: listEndpoint({
    path: '/admin/users/:id/ledger',
    resource: 'ledger',
    tag,
    summary: "A user's balance movements",
    description: 'Newest first by default. Filters: `currency`, `reason`, `createdFrom`/`createdTo` (a day or an ISO 8601 time). Sort: id, createdAt, amount.',
    params: IdParams,
    record: AdminLedgerEntry,
    errors: [404],
  }),
  notes: listEndpoint({
    path: '/admin/users/:id/notes',
    resource: 'user-notes',
    tag,
    summary: "Admins' notes on a user",
    description: 'Newest first. Sort: id, createdAt.',
    params: IdParams,
    record: AdminUserNote,
    errors: [404],
  }),
  addNote: endpoint({
    method: 'post',
    path: '/admin/users/:id/notes',
    auth: 'admin',
    tag,
    summary: 'Add a note on a user',
    params: IdParams,
    body: NewUserNoteBody,
    response: AdminUserNote,
    status: 201,
    errors: [404],
  }),
  supportMessages: listEndpoint({
    path: '/admin/users/:id/support-messages',
    resource: 'support-messages',
    tag,
    summary: "A user's support requests",
    description: 'Newest first. Filter: `status`. Sort: id, createdAt.',
    params: IdParams,
    record: AdminUserSupportMessage,
    errors: [404],
  }),
  changePassword: endpoint({
    method: 'put',
    path: '/admin/users/:id/password',
    auth: 'admin',
    tag,
    summary: "Set a user's password",
    description: 'Every session of the user ends.',
    params: IdParams,
    body: ChangePasswordBody,
    response: AdminUser,
    errors: [404],
  }),
  orders: listEndpoint({
    path: '/admin/users/:id/orders',
    resource: 'orders',
    tag,
    summary: "A user's orders",
    description: "The orders list's filters and sort, scoped to the user.",
    params: IdParams,
    record: AdminOrder,
    errors: [404],
  }),
};
