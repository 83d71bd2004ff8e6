import { describe, expect, it } from 'vitest';
import { startAdminTestApp } from '../../../testing/admin-api';

const app = startAdminTestApp();

describe("the dashboard's support card", () => {
  it('counts the unread messages and lists the newest five, newest first, as previews', async () => {
    const inbox = async () => (await app.asAdmin('GET', '/api/admin/dashboard')).body.supportInbox;
    expect(await inbox()).toEqual({ unread: 0, latestUnread: [] });

    const ids: number[] = [];
    for (let day = 1; day <= 7; day += 1) {
      const [row] = await app
        .db('support_messages')
        .insert({ nickname: `writer${day}`, message: `${day} ${'x'.repeat(300)}`, created_at: `2026-01-0${day}T10:00:00Z` })
        .returning<{ id: number }[]>('id');
      ids.push(row!.id);
    }
    // Opening a message takes it off the card.
    await app.asAdmin('GET', `/api/admin/support-messages/${ids[6]}`);

    const card = await inbox();
    expect(card.unread).toBe(6);
    expect(card.latestUnread.map((message: { id: number }) => message.id)).toEqual([ids[5], ids[4], ids[3], ids[2], ids[1]]);
    expect(card.latestUnread[0]).toEqual({ id: ids[5], nickname: 'writer6', preview: `6 ${'x'.repeat(138)}`, createdAt: '2026-01-06T10:00:00.000Z' });
  });
});
