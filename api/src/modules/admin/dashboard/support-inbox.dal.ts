import type { Knex } from 'knex';
import { SUPPORT_INBOX_PREVIEW_LENGTH } from '@topup/common/api';
import type { SupportMessage } from '../../../models';

/** Unread messages the dashboard's support card lists. */
const LATEST_UNREAD = 5;

/** The dashboard's support card: the unread count and the newest unread messages. */
export async function supportInbox(db: Knex) {
  const [count, latest] = await Promise.all([
    db('support_messages').whereNull('read_at').first<{ unread: number }>(db.raw('count(*)::int as unread')),
    db('support_messages')
      .whereNull('read_at')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(LATEST_UNREAD)
      .select<Array<Pick<SupportMessage, 'id' | 'nickname' | 'created_at'> & { preview: string }>>(
        'id',
        'nickname',
        db.raw('left(message, ?) as preview', [SUPPORT_INBOX_PREVIEW_LENGTH]),
        'created_at',
      ),
  ]);
  return {
    unread: count?.unread ?? 0,
    latestUnread: latest.map((row) => ({ id: row.id, nickname: row.nickname, preview: row.preview, createdAt: row.created_at })),
  };
}
