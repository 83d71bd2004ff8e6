import type { Knex } from 'knex';
import { supportDal } from './support.dal';
import type { SupportMessageBody } from '@topup/common/api';

export function createSupportService(deps: { db: Knex }) {
  return {
    /**
     * Stores a message for the support team, trimmed. `userId` is the signed-in writer's account, if
     * any; visitors may write too.
     */
    async send(userId: number | null, body: SupportMessageBody): Promise<number> {
      return supportDal.insert(deps.db, {
        user_id: userId,
        nickname: body.nickname.trim(),
        contact: (body.contact ?? '').trim(),
        message: body.message.trim(),
      });
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
