import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { adminSession, notification, openAdmin, settleAndShoot, signInOnStorefront, WAIT, type SessionState } from './back-office';
import { expectNoRawKeys, launchBrowser, screenshot, VIEWPORTS } from './browser';
import { startStore, type RunningStore } from './store';

/**
 * The support inbox end to end: a signed-in shopper writes on /support and sees the message under
 * "My requests"; an admin opens it in the back office (from the dashboard's support card on a desktop,
 * from the Support tab on a phone), which marks it read, replies and closes it; the shopper then reads
 * the answer on /support. The desktop pass runs in English, the phone pass in Russian.
 */
let app: RunningStore;
let browser: Browser;
let adminState: SessionState;
let shopperState: SessionState;

const SHOPPER = { nickname: 'shopper', password: 'shopper12345' };

const TEXTS = {
  en: {
    contact: 'Contact info',
    message: 'Message',
    send: 'Send message',
    sent: 'Message sent',
    myRequests: 'My requests',
    awaiting: 'Awaiting reply',
    reply: 'Your reply',
    sendReply: 'Send reply',
    replied: 'Reply sent',
    close: 'Close',
    answered: 'Answered',
    closed: 'Closed',
    team: 'Support team',
  },
  ru: {
    contact: 'Контакт для связи',
    message: 'Сообщение',
    send: 'Отправить сообщение',
    sent: 'Сообщение отправлено',
    myRequests: 'Мои обращения',
    awaiting: 'Ждёт ответа',
    reply: 'Ваш ответ',
    sendReply: 'Отправить ответ',
    replied: 'Ответ отправлен',
    close: 'Закрыть',
    answered: 'Отвечено',
    closed: 'Закрыто',
    team: 'Служба поддержки',
  },
} as const;

beforeAll(async () => {
  app = await startStore();
  browser = await launchBrowser();
  adminState = await adminSession(browser, app.baseUrl);
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  await signInOnStorefront(context, app.baseUrl, SHOPPER);
  shopperState = await context.storageState();
  await context.close();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** A full-page picture from the top (the storefront's fixed header is drawn where the page is scrolled). */
async function snap(page: Page, name: string): Promise<void> {
  await page.evaluate('window.scrollTo(0, 0)');
  await screenshot(page, name);
}

const PASSES = [
  { name: 'desktop', viewport: VIEWPORTS.desktop, language: 'en' },
  { name: 'phone', viewport: VIEWPORTS.phone, language: 'ru' },
] as const;

describe.each(PASSES)('the support inbox on a $name ($language)', ({ name, viewport, language }) => {
  const text = TEXTS[language];
  const question = `Code for order #${name} does not work (${Date.now()})`;
  const answer = `We have sent a new code to your order, ${name}.`;

  it('a shopper writes, an admin opens, replies and closes, the shopper reads the answer', async () => {
    // The shopper writes; the message joins "My requests" at once, awaiting a reply.
    const shopper = await browser.newContext({ viewport, storageState: shopperState });
    await shopper.addInitScript(`localStorage.setItem('language', '${language}');`);
    const store = await shopper.newPage();
    await store.goto(`${app.baseUrl}/support`);
    const form = store.locator('main form');
    await form.getByLabel(text.contact).fill('@shopper');
    await form.getByLabel(text.message, { exact: true }).fill(question);
    await form.getByRole('button', { name: text.send }).click();
    const dialog = store.getByRole('dialog', { name: text.sent });
    await expect.poll(() => dialog.isVisible(), WAIT).toBe(true);
    await store.keyboard.press('Escape');
    const request = store.getByTestId('support-request').filter({ hasText: question });
    await expect.poll(() => request.count(), WAIT).toBe(1);
    expect(await request.getByTestId('support-request-status').innerText()).toBe(text.awaiting);
    expect(await store.getByRole('heading', { name: text.myRequests }).isVisible()).toBe(true);
    const message = await app.db('support_messages').where({ message: question }).first();
    expect(message).toMatchObject({ user_id: expect.any(Number), status: 'open', read_at: null });

    // The admin opens it: from the dashboard's support card on a desktop, from the Support tab on a phone.
    const { context: backOffice, page: admin } = await openAdmin(browser, adminState, viewport, language);
    if (name === 'desktop') {
      await admin.goto(`${app.baseUrl}/admin/dashboard`);
      const cardLink = admin.getByRole('link').filter({ hasText: question.slice(0, 40) });
      await expect.poll(() => cardLink.count(), WAIT).toBe(1);
      await settleAndShoot(admin, `support-dashboard-${name}-${language}`);
      await cardLink.click();
    } else {
      await admin.goto(`${app.baseUrl}/admin/supportMessages`);
      const row = admin.getByText(question);
      await expect.poll(() => row.count(), WAIT).toBe(1);
      await settleAndShoot(admin, `support-list-${name}-${language}`);
      await row.click();
    }
    await admin.waitForURL(`**/admin/supportMessages/${message.id}/show`, WAIT);
    await expect.poll(async () => (await app.db('support_messages').where({ id: message.id }).first()).read_at, WAIT).not.toBeNull();

    // Replies, then closes.
    await admin.getByLabel(text.reply).fill(answer);
    await admin.getByRole('button', { name: text.sendReply }).click();
    await expect.poll(() => notification(admin, text.replied).count(), WAIT).toBe(1);
    await expect.poll(() => admin.getByText(answer).count(), WAIT).toBe(1);
    await expect.poll(() => admin.locator('.MuiChip-root').filter({ hasText: text.answered }).count(), WAIT).toBeGreaterThan(0);
    await settleAndShoot(admin, `support-show-${name}-${language}`);
    await admin.getByRole('button', { name: text.close, exact: true }).click();
    await expect.poll(() => admin.locator('.MuiChip-root').filter({ hasText: text.closed }).count(), WAIT).toBeGreaterThan(0);
    expect(await app.db('support_messages').where({ id: message.id }).first()).toMatchObject({ status: 'closed', closed_at: expect.any(Date) });
    expect(await app.db('audit_log').where({ entity: 'support_message', entity_id: String(message.id) }).orderBy('id').pluck('action')).toEqual([
      'support_message.read',
      'support_message.reply',
      'support_message.close',
    ]);
    await backOffice.close();

    // The shopper reads the answer on /support.
    await store.reload();
    const answered = store.getByTestId('support-request').filter({ hasText: question });
    await expect.poll(() => answered.getByTestId('support-reply').filter({ hasText: answer }).count(), WAIT).toBe(1);
    expect(await answered.getByTestId('support-request-status').innerText()).toBe(text.closed);
    expect(await answered.getByTestId('support-reply').innerText()).toContain(text.team);
    await expectNoRawKeys(store);
    await snap(store, `support-my-requests-${name}-${language}`);
    await shopper.close();
    // Two web apps and a dozen page loads: a busy machine takes more than the default minute.
  }, 180_000);
});
