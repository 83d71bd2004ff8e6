import Type, { type Static } from 'typebox';
import { SUPPORT_TEXT_MAX_LENGTH } from '../column-limits';
import { SUPPORT_MESSAGE_STATUSES } from '../rules';
import { listEndpoint } from './admin-crud';
import { BigIdParams, endpoint, Nullable, StringEnum, Timestamp } from './contract';
import { OrderCurrency, OrderStatus } from './orders';
import { SupportSettings } from './support';

const SupportMessageStatus = StringEnum(SUPPORT_MESSAGE_STATUSES);

const adminSupportMessageExample = {
  id: 318,
  status: 'open',
  nickname: 'player_one',
  userId: 7,
  userNickname: 'player_one',
  contact: '@player_one',
  message: 'My code says it was already used.',
  createdAt: '2026-03-04T12:30:00.000Z',
  updatedAt: '2026-03-04T12:30:00.000Z',
  readAt: null,
  closedAt: null,
};

/** A support message as the back office lists it. */
export const AdminSupportMessage = Type.Object(
  {
    id: Type.Integer(),
    status: SupportMessageStatus,
    nickname: Type.String({ description: 'The name the writer gave in the form.' }),
    userId: Nullable(Type.Integer({ description: "The writer's account when they were signed in; null for a visitor." })),
    userNickname: Nullable(Type.String({ description: "The account's nickname today." })),
    contact: Type.String({ description: 'How to reach the writer; may be empty.' }),
    message: Type.String(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    readAt: Nullable(Type.String({ format: 'date-time', description: 'When an admin first opened it; null: unread.' })),
    closedAt: Nullable(Timestamp),
  },
  { examples: [adminSupportMessageExample] },
);
export type AdminSupportMessage = Static<typeof AdminSupportMessage>;

export const AdminSupportReply = Type.Object({
  id: Type.Integer(),
  message: Type.String(),
  authorId: Nullable(Type.Integer()),
  authorNickname: Nullable(Type.String({ description: 'null once the admin account is gone.' })),
  createdAt: Timestamp,
});
export type AdminSupportReply = Static<typeof AdminSupportReply>;

/** One of the writer's latest orders, for context. */
export const AdminSupportOrder = Type.Object({
  id: Type.Integer(),
  status: OrderStatus,
  total: Type.Number({ description: 'In `currency`.' }),
  currency: OrderCurrency,
  createdAt: Timestamp,
});
export type AdminSupportOrder = Static<typeof AdminSupportOrder>;

/** Most recent orders shown beside a message. */
export const SUPPORT_RECENT_ORDERS = 5;

/** A message with its replies (oldest first) and, when the writer was signed in, their latest orders. */
export const AdminSupportMessageDetail = Type.Object(
  {
    ...AdminSupportMessage.properties,
    replies: Type.Array(AdminSupportReply),
    recentOrders: Type.Array(AdminSupportOrder, { description: `The writer's latest ${SUPPORT_RECENT_ORDERS} orders; empty for a visitor.` }),
  },
  {
    examples: [
      {
        ...adminSupportMessageExample,
        readAt: '2026-03-04T12:41:00.000Z',
        replies: [],
        recentOrders: [{ id: 1042, status: 'completed', total: 898, currency: 'rub', createdAt: '2026-03-04T12:10:00.000Z' }],
      },
    ],
  },
);
export type AdminSupportMessageDetail = Static<typeof AdminSupportMessageDetail>;

export const UpdateSupportMessageBody = Type.Object(
  {
    status: Type.Optional(StringEnum(['open', 'closed'], { description: '`closed` closes the message; `open` reopens it.' })),
    read: Type.Optional(Type.Boolean({ description: '`false` marks the message unread again; `true` read.' })),
  },
  { additionalProperties: false, minProperties: 1, examples: [{ status: 'closed' }, { read: false }] },
);
export type UpdateSupportMessageBody = Static<typeof UpdateSupportMessageBody>;

export const SupportReplyBody = Type.Object(
  { message: Type.String({ minLength: 1, maxLength: SUPPORT_TEXT_MAX_LENGTH, pattern: '\\S', description: 'Trimmed.' }) },
  { additionalProperties: false, examples: [{ message: 'We have sent you a new code: see your order.' }] },
);
export type SupportReplyBody = Static<typeof SupportReplyBody>;

/** Characters of each message the dashboard shows. */
export const SUPPORT_INBOX_PREVIEW_LENGTH = 140;

/** The dashboard's support card: how many messages are unread and the latest of them. */
export const SupportInbox = Type.Object({
  unread: Type.Integer({ minimum: 0 }),
  latestUnread: Type.Array(
    Type.Object({
      id: Type.Integer(),
      nickname: Type.String(),
      preview: Type.String({ description: `The message's first ${SUPPORT_INBOX_PREVIEW_LENGTH} characters.` }),
      createdAt: Timestamp,
    }),
    { description: 'The newest unread messages, newest first.' },
  ),
});
export type SupportInbox = Static<typeof SupportInbox>;

const tag = 'Back office: support';

export const adminSupportMessagesEndpoints = {
  settings: endpoint({
    method: 'get',
    path: '/admin/support-settings',
    auth: 'admin',
    tag,
    summary: "The support page's settings",
    response: SupportSettings,
  }),
  updateSettings: endpoint({
    method: 'put',
    path: '/admin/support-settings',
    auth: 'admin',
    tag,
    summary: "Change the support page's settings",
    description: 'The messenger and the intro texts the storefront shows on /support; recorded in the audit log.',
    body: SupportSettings,
    response: SupportSettings,
  }),
  list: listEndpoint({
    path: '/admin/support-messages',
    resource: 'support-messages',
    tag,
    summary: 'List support messages',
    description:
      'Filters: `status`, `unread` (true: not yet opened; false: opened), `userId`, `q` (words of the nickname, contact or message, or `#<id>`), `id`. Sort: id, createdAt, updatedAt, status.',
    record: AdminSupportMessage,
  }),
  get: endpoint({
    method: 'get',
    path: '/admin/support-messages/:id',
    auth: 'admin',
    tag,
    summary: 'Read a support message',
    description: 'The first reading by an admin marks it read (`readAt`), recorded in the audit log.',
    params: BigIdParams,
    response: AdminSupportMessageDetail,
    errors: [404],
  }),
  update: endpoint({
    method: 'put',
    path: '/admin/support-messages/:id',
    auth: 'admin',
    tag,
    summary: 'Close, reopen or mark a support message',
    description: 'The same status or read mark again changes nothing.',
    params: BigIdParams,
    body: UpdateSupportMessageBody,
    response: AdminSupportMessageDetail,
    errors: [404],
  }),
  reply: endpoint({
    method: 'post',
    path: '/admin/support-messages/:id/replies',
    auth: 'admin',
    tag,
    summary: 'Reply to a support message',
    description:
      'The message becomes `answered` (a closed one too) and read. The writer reads the reply under "My requests" on /support when the message is linked to their account; reach a visitor by the contact they gave.',
    params: BigIdParams,
    body: SupportReplyBody,
    status: 201,
    response: AdminSupportMessageDetail,
    errors: [404],
  }),
};
