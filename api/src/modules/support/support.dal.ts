import type { Knex } from 'knex';
import { SupportSettings, type SupportMessage, type SupportReply } from '../../models';

const SETTINGS_COLUMNS = ['messenger_name', 'messenger_url', 'intro'] as const;
/** The one settings row (its CHECK allows no other). */
const SETTINGS_ROW = 1;

/** The support page's settings as stored. */
export type StoredSupportSettings = Pick<SupportSettings, (typeof SETTINGS_COLUMNS)[number]>;

/** Data access for support messages and the support page's settings; every function takes the connection or transaction to use. */
export const supportDal = {
  /** The settings row (the migration creates it). */
  settings: (db: Knex) => SupportSettings.columnsOf(db, SETTINGS_ROW, SETTINGS_COLUMNS),

  lockSettings: (trx: Knex.Transaction) => SupportSettings.columnsOf(trx, SETTINGS_ROW, SETTINGS_COLUMNS, { lock: true }),

  /** Writes every setting, creating the row if a restore lost it. */
  async saveSettings(trx: Knex.Transaction, settings: StoredSupportSettings): Promise<StoredSupportSettings> {
    const row = { ...settings, intro: JSON.stringify(settings.intro) };
    const [saved] = await trx('support_settings')
      .insert({ id: SETTINGS_ROW, ...row, updated_at: trx.fn.now() })
      .onConflict('id')
      .merge([...SETTINGS_COLUMNS, 'updated_at'])
      .returning<StoredSupportSettings[]>(SETTINGS_COLUMNS);
    if (!saved) throw new Error('support settings upsert returned no row');
    return saved;
  },

  async insert(db: Knex, message: Pick<SupportMessage, 'user_id' | 'nickname' | 'contact' | 'message'>): Promise<number> {
    const [row] = await db('support_messages').insert(message).returning<{ id: number }[]>('id');
    if (!row) throw new Error('support_messages insert returned no row');
    return row.id;
  },

  /** The account's own messages, newest first. */
  ofUser: (db: Knex, userId: number, limit: number) =>
    db('support_messages')
      .where({ user_id: userId })
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .select<Array<Pick<SupportMessage, 'id' | 'status' | 'message' | 'created_at'>>>('id', 'status', 'message', 'created_at'),

  /** The replies to these messages, oldest first. */
  repliesTo: (db: Knex, messageIds: number[]) =>
    db('support_replies')
      .whereIn('message_id', messageIds)
      .orderBy('id')
      .select<Array<Pick<SupportReply, 'id' | 'message_id' | 'message' | 'created_at'>>>('id', 'message_id', 'message', 'created_at'),
};
