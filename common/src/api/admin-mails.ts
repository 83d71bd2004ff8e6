import Type, { type Static } from 'typebox';
import { CONTENT_LANGUAGES } from '../content-languages';
import { MAIL_KINDS, MAIL_STATUSES } from '../email';
import { listEndpoint } from './admin-crud';
import { BigIdParams, endpoint, Nullable, StringEnum, Timestamp } from './contract';


const adminMailExample = {
  id: 12,
  kind: 'order_completed',
  status: 'kept',
  recipient: 'player@mail.ru',
  language: 'ru',
  subject: 'Заказ №1042 выполнен',
  userId: 7,
  orderId: 1042,
  createdAt: '2026-12-08T10:00:00.000Z',
  sentAt: '2026-12-08T10:00:01.000Z',
};

/** A mail as the back office lists it. */
export const AdminMail = Type.Object(
  {
    id: Type.Integer(),
    kind: StringEnum(MAIL_KINDS),
    status: StringEnum(MAIL_STATUSES),
    recipient: Type.String(),
    language: StringEnum(CONTENT_LANGUAGES),
    subject: Type.String({ description: 'Empty until its job has written it.' }),
    userId: Nullable(Type.Integer()),
    orderId: Nullable(Type.Integer()),
    createdAt: Timestamp,
    sentAt: Nullable(Timestamp),
  },
  { examples: [adminMailExample] },
);
export type AdminMail = Static<typeof AdminMail>;

/** A mail as the back office reads it: both parts, and why it was refused. */
export const AdminMailDetail = Type.Object(
  {
    ...AdminMail.properties,
    text: Type.String({ description: 'The plain-text part. A sent link mail keeps none: its link opens the account.' }),
    html: Type.String({ description: 'The HTML part, likewise.' }),
    messageId: Type.String(),
    lastError: Nullable(Type.String()),
  },
  { examples: [{ ...adminMailExample, text: 'Заказ №1042 выполнен...', html: '<p>Заказ №1042 выполнен...</p>', messageId: '<mail-12.5b1f@localhost>', lastError: null }] },
);
export type AdminMailDetail = Static<typeof AdminMailDetail>;

const tag = 'Back office: mail';

export const adminMailsEndpoints = {
  list: listEndpoint({
    path: '/admin/mails',
    resource: 'mails',
    tag,
    summary: 'List the mails the store sent or keeps',
    description: 'Filters: `kind`, `status`, `userId`, `orderId`, `q` (words of the recipient or subject), `id`. Sort: id, createdAt, recipient, status.',
    record: AdminMail,
  }),
  get: endpoint({
    method: 'get',
    path: '/admin/mails/:id',
    auth: 'admin',
    tag,
    summary: 'Read a mail',
    params: BigIdParams,
    response: AdminMailDetail,
    errors: [404],
  }),
};
