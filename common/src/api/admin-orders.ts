import Type, { type Static } from 'typebox';
import { BALANCE_CURRENCIES } from '../money';
import { ORDER_STATUSES } from '../rules';
import { Nullable, Timestamp } from './contract';
import { StringEnum } from './admin-crud';

/** An order as the back office lists it (docs/admin-api.md, Orders); amounts are decimals. */
export const AdminOrder = Type.Object(
  {
    id: Type.Integer(),
    userId: Type.Integer(),
    userNickname: Type.String(),
    status: StringEnum(ORDER_STATUSES),
    kind: StringEnum(['codes', 'topup']),
    paymentMethod: StringEnum(['balance', 'card']),
    currency: StringEnum(BALANCE_CURRENCIES),
    total: Type.Number({ description: 'In `currency`.' }),
    totalUsd: Type.Number(),
    failureReason: Nullable(Type.String()),
    createdAt: Timestamp,
    paidAt: Nullable(Timestamp),
    completedAt: Nullable(Timestamp),
  },
  {
    examples: [
      {
        id: 1042,
        userId: 7,
        userNickname: 'player_one',
        status: 'completed',
        kind: 'codes',
        paymentMethod: 'balance',
        currency: 'rub',
        total: 898,
        totalUsd: 9.98,
        failureReason: null,
        createdAt: '2026-03-04T12:30:00.000Z',
        paidAt: '2026-03-04T12:30:00.000Z',
        completedAt: '2026-03-04T12:30:05.000Z',
      },
    ],
  },
);
export type AdminOrder = Static<typeof AdminOrder>;
