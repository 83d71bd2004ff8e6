import Type, { type Static } from 'typebox';
import { ADJUSTMENT_REASON_MAX_LENGTH } from '../admin-records';
import { ADMIN_PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, USER_ROLES } from '../rules';
import { endpoint, IdParams, StringEnum, Timestamp } from './contract';
import { listEndpoint, Money } from './admin-crud';
import { AdminOrder } from './admin-orders';

export { ADJUSTMENT_REASON_MAX_LENGTH };

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

/** Balances to set; a balance is never below 0. */
export const UpdateUserBody = Type.Object(
  {
    balanceUsd: Type.Optional(Money),
    balanceRub: Type.Optional(Money),
    reason: Type.Optional(Type.String({ maxLength: ADJUSTMENT_REASON_MAX_LENGTH, description: 'Required when a balance changes; kept on the ledger.' })),
  },
  { additionalProperties: false, examples: [{ balanceRub: 2000, reason: 'Compensation for order 1042' }] },
);
export type UpdateUserBody = Static<typeof UpdateUserBody>;

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
  update: endpoint({
    method: 'put',
    path: '/admin/users/:id',
    auth: 'admin',
    tag,
    summary: "Set a user's balances",
    description: 'Each difference goes on the ledger as an admin adjustment with the reason, all or nothing.',
    params: IdParams,
    body: UpdateUserBody,
    response: AdminUser,
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
