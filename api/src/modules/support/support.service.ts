import type { Knex } from 'knex';
import { MY_SUPPORT_MESSAGES_LIMIT, type MySupportMessage, type SupportMessageBody, type SupportSettings } from '@topup/common/api';
import { groupBy } from '../../lib/group-by';
import type { Serializable } from '../../lib/typed-routes';
import { supportDal, type StoredSupportSettings } from './support.dal';

/** The settings row as the API answers it; a language the row lacks reads '' (the storefront's own words). */
export function toSupportSettings(row: StoredSupportSettings | undefined): SupportSettings {
  const intro = row?.intro ?? {};
  return {
    messengerName: row?.messenger_name ?? 'Telegram',
    messengerUrl: row?.messenger_url ?? '',
    intro: { ru: intro.ru ?? '', en: intro.en ?? '', uz: intro.uz ?? '' },
  };
}

export function createSupportService(deps: { db: Knex }) {
  const { db } = deps;
  return {
    /** The support page's messenger and intro, as the back office set them. */
    async settings(): Promise<SupportSettings> {
      return toSupportSettings(await supportDal.settings(db));
    },

    /**
     * Stores a message for the support team, trimmed. `userId` is the signed-in writer's account, if
     * any; visitors may write too.
     */
    async send(userId: number | null, body: SupportMessageBody): Promise<number> {
      return supportDal.insert(db, {
        user_id: userId,
        nickname: body.nickname.trim(),
        contact: (body.contact ?? '').trim(),
        message: body.message.trim(),
      });
    },

    /** The shopper's own messages, newest first, with the support team's replies (never who wrote them). */
    async mine(userId: number): Promise<Serializable<MySupportMessage>[]> {
      const messages = await supportDal.ofUser(db, userId, MY_SUPPORT_MESSAGES_LIMIT);
      const replies = groupBy(messages.length > 0 ? await supportDal.repliesTo(db, messages.map((message) => message.id)) : [], (reply) => reply.message_id);
      return messages.map((message) => ({
        id: message.id,
        status: message.status,
        message: message.message,
        createdAt: message.created_at,
        replies: (replies.get(message.id) ?? []).map((reply) => ({ id: reply.id, message: reply.message, createdAt: reply.created_at })),
      }));
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
