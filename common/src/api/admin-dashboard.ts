import Type, { type Static } from 'typebox';
import { GENERATION_STATUSES } from '../admin-records';
import { LastRateUpdate } from './admin-currency';
import { LowStockLine } from './admin-stock-thresholds';
import { ORDER_STATUSES } from '../rules';
import { EmptyObject, endpoint, Nullable, StringEnum, Timestamp } from './contract';
import { SupportInbox } from './admin-support-messages';
import { BalanceCurrency } from './orders';


/** The back office's start page figures. */
export const Dashboard = Type.Object(
  {
    salesToday: Type.Object(
      { usd: Type.Number(), rub: Type.Number(), uzs: Type.Number(), orders: Type.Integer() },
      { description: 'Orders completed today (a Moscow day), summed per order currency, as decimals.' },
    ),
    ordersByStatus: Type.Record(Type.Enum(ORDER_STATUSES), Type.Integer(), { description: 'Orders per status, every status named.' }),
    lowStock: Type.Array(LowStockLine, { description: 'Stock lines with fewer sellable than their threshold, the emptiest first.' }),
    lastRateUpdate: Nullable(LastRateUpdate),
    failedJobs: Type.Array(
      Type.Object({ queue: Type.String(), count: Nullable(Type.Integer({ description: 'null when Redis did not answer within 2 s.' })) }),
    ),
    generation: Type.Array(
      Type.Object({ id: Type.String({ format: 'uuid' }), status: StringEnum(GENERATION_STATUSES), generated: Type.Integer(), count: Type.Integer() }),
      { description: 'The latest code-generation requests.' },
    ),
    supportInbox: SupportInbox,
    needsAttention: Type.Array(
      Type.Object({
        orderId: Type.Integer(),
        kind: StringEnum(['codes', 'topup']),
        userNickname: Type.String(),
        flagged: Type.Boolean({
          description:
            'true: flagged (see `reason`): its delivery ran out of attempts, or money around it is in doubt (a card refund the gateway may have made, a test payment); false: still processing for longer than ATTENTION_AFTER_MINUTES.',
        }),
        reason: Nullable(Type.String({ description: "The flag's reason: the delivery's last error, or what is in doubt." })),
        since: Timestamp,
      }),
      { description: 'Orders a person should look at, the newest problem first (at most 50).' },
    ),
    suppliers: Type.Array(
      Type.Object({
        id: Type.Integer(),
        kind: Type.String(),
        name: Type.String(),
        active: Type.Boolean(),
        balance: Nullable(Type.Number({ description: 'In balanceCurrency, as last read; null until read.' })),
        balanceCurrency: Nullable(Type.String()),
        balanceCheckedAt: Nullable(Timestamp),
        lowBalanceThreshold: Nullable(Type.Number()),
        low: Type.Boolean({ description: 'The balance read is under the threshold: deliveries go to other sources first.' }),
        waiting: Type.Integer({ description: 'Its orders sent and not yet settled.' }),
        waitingForBalance: Type.Integer({ description: 'Orders waiting, flagged, for a balance it lacked.' }),
        failuresToday: Type.Integer({ description: 'Its attempts that failed today (a Moscow day).' }),
      }),
      { description: 'Each supplier, in the order the store prefers them.' },
    ),
    lossDenominations: Type.Array(
      Type.Object({
        id: Type.Integer(),
        gameId: Type.Integer(),
        gameTitle: Type.String(),
        name: Type.String(),
        currency: BalanceCurrency,
        price: Type.Number(),
        cost: Type.Number({ description: "The cheapest active source's cost in `currency`, by the store's rates." }),
        sellAtLoss: Type.Boolean({ description: 'An admin confirmed selling it at a loss; otherwise it is not sold.' }),
      }),
      { description: 'Active denominations whose cheapest source costs more than their price in a sale currency.' },
    ),
    loginLockouts: Type.Array(
      Type.Object({ nickname: Type.String({ description: 'The blocked nickname, in lower case.' }), until: Timestamp }),
      { description: 'Nicknames whose password logins are blocked after repeated failures, until when; the latest block ending first.' },
    ),
  },
  {
    examples: [
      {
        salesToday: { usd: 59.88, rub: 12450, uzs: 0, orders: 31 },
        ordersByStatus: { pending: 2, processing: 1, completed: 1840, failed: 12, cancelled: 40 },
        lowStock: [{ kind: 'pubg', id: 2, name: '325 UC', available: 4, threshold: 10 }],
        lastRateUpdate: null,
        failedJobs: [{ queue: 'fulfilment', count: 0 }],
        generation: [{ id: '3f9a1c2e-8b4d-4e6f-a1b2-c3d4e5f60718', status: 'running', generated: 1200, count: 5000 }],
        supportInbox: { unread: 1, latestUnread: [{ id: 318, nickname: 'player_one', preview: 'My code says it was already used.', createdAt: '2026-03-04T12:30:00.000Z' }] },
        needsAttention: [
          { orderId: 1042, kind: 'topup', userNickname: 'player_one', flagged: true, reason: 'Game provider unavailable', since: '2026-03-04T12:45:00.000Z' },
        ],
        suppliers: [
          {
            id: 2,
            kind: 'seagm',
            name: 'SEAGM',
            active: true,
            balance: 84.2,
            balanceCurrency: 'USD',
            balanceCheckedAt: '2026-03-04T12:55:00.000Z',
            lowBalanceThreshold: 100,
            low: true,
            waiting: 1,
            waitingForBalance: 0,
            failuresToday: 2,
          },
        ],
        lossDenominations: [{ id: 41, gameId: 4, gameTitle: 'Free Fire', name: '86 алмазов', currency: 'usd', price: 1.09, cost: 1.12, sellAtLoss: false }],
        loginLockouts: [{ nickname: 'admin', until: '2026-03-04T13:00:00.000Z' }],
      },
    ],
  },
);
export type Dashboard = Static<typeof Dashboard>;

export const QueueSession = Type.Object(
  {
    url: Type.String({ description: 'The dashboard page to open.' }),
    expiresAt: Timestamp,
  },
  { examples: [{ url: '/api/admin/queues/', expiresAt: '2026-03-04T12:45:00.000Z' }] },
);
export type QueueSession = Static<typeof QueueSession>;

export const adminDashboardEndpoints = {
  dashboard: endpoint({
    method: 'get',
    path: '/admin/dashboard',
    auth: 'admin',
    tag: 'Back office: dashboard',
    summary: "Today's figures",
    description: 'Live: answered with `Cache-Control: no-store`.',
    query: EmptyObject,
    response: Dashboard,
  }),
  queueSession: endpoint({
    method: 'post',
    path: '/admin/queues/session',
    auth: 'admin',
    tag: 'Back office: queues',
    summary: 'Open the job queues dashboard',
    description:
      'Trades the bearer token for the dashboard cookie (HttpOnly, SameSite=Strict, sent only to /api/admin/queues, 15 minutes), so the back office can open the dashboard as a page.',
    query: EmptyObject,
    response: QueueSession,
  }),
};
