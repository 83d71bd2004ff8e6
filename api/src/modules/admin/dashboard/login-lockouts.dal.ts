import type { Knex } from 'knex';
import { LOGIN_LOCKOUT_ACTION } from '../../auth/login-protection.service';

/** The dashboard's list of nicknames blocked now: the latest lockout of each that has not ended, soonest end first. */
export async function loginLockouts(db: Knex): Promise<Array<{ nickname: string; until: Date }>> {
  const rows = await db
    .from(
      db('audit_log')
        .where({ action: LOGIN_LOCKOUT_ACTION })
        .distinctOn('entity_id')
        .orderBy([{ column: 'entity_id' }, { column: 'created_at', order: 'desc' }])
        .select('entity_id as nickname', db.raw("(after->>'until')::timestamptz as until"))
        .as('latest'),
    )
    .where('until', '>', db.fn.now())
    .orderBy('until')
    .select<Array<{ nickname: string; until: Date }>>('nickname', 'until');
  return rows;
}
