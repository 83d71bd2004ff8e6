import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectNoRawKeys, screenshot, VIEWPORTS } from './browser';
import { WAIT, type Viewport } from './back-office';
import { storeAndBrowser, type RunningStore } from './store';

/**
 * A forgotten password, reset by mail, as a shopper goes through it: an account registered with an
 * email, its address confirmed from the mailed link, then "Forgot password?" on the log-in page, the
 * link of the reset mail, a new password, and a log-in with it. The store runs without SMTP_URL, as
 * `npm start` does, so its mails are kept in its database (the back office's Mail tab), where the test
 * reads the links.
 */

const JOURNEYS = [
  {
    language: 'ru',
    locale: 'ru-RU',
    viewport: 'phone',
    forgot: 'Забыли пароль?',
    email: 'Эл. почта',
    send: 'Прислать ссылку',
    sent: 'Проверьте почту',
    verified: 'Почта подтверждена',
    newPassword: 'Новый пароль',
    repeat: 'Повторите новый пароль',
    save: 'Сохранить пароль',
    done: 'Пароль изменён',
    logIn: 'Войти',
  },
  {
    language: 'uz',
    locale: 'uz-UZ',
    viewport: 'desktop',
    forgot: 'Parolni unutdingizmi?',
    email: 'Elektron pochta',
    send: 'Havolani yuborish',
    sent: 'Pochtangizni tekshiring',
    verified: 'Pochta tasdiqlandi',
    newPassword: 'Yangi parol',
    repeat: 'Yangi parolni takrorlang',
    save: 'Parolni saqlash',
    done: "Parol o'zgartirildi",
    logIn: 'Kirish',
  },
  {
    language: 'en',
    locale: 'en-US',
    viewport: 'desktop',
    forgot: 'Forgot password?',
    email: 'Email',
    send: 'Send the link',
    sent: 'Check your mail',
    verified: 'Email confirmed',
    newPassword: 'New password',
    repeat: 'Repeat the new password',
    save: 'Save the new password',
    done: 'Password changed',
    logIn: 'Log in',
  },
] as const;

const running = storeAndBrowser();

/** The link of the latest mail of `kind` to `recipient`, once the workers have written it into the store's outbox. */
async function mailedLink(app: RunningStore, recipient: string, kind: 'verify_email' | 'reset_password'): Promise<{ link: string; language: string }> {
  let found: { link: string; language: string } | undefined;
  await expect
    .poll(
      async () => {
        const mail = await app.db('mails').where({ recipient, kind, status: 'kept' }).orderBy('id', 'desc').first('text_body', 'language');
        const link = mail ? new RegExp(`${app.baseUrl}/\\S+\\?token=[\\w-]+`).exec(mail.text_body)?.[0] : undefined;
        if (mail && link) found = { link, language: mail.language };
        return found !== undefined;
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe(true);
  return found!;
}

async function fillIn(page: Page, label: string, value: string) {
  await page.getByLabel(label, { exact: true }).fill(value);
}

describe('a forgotten password, reset by mail', () => {
  for (const text of JOURNEYS) {
    const viewport: Viewport = VIEWPORTS[text.viewport];
    it(`in ${text.language} on a ${text.viewport}`, async () => {
      const { app, browser } = running;
      const context = await browser.newContext({ viewport, locale: text.locale });
      const page = await context.newPage();
      const nickname = `reset_${text.language}_${Date.now() % 100_000}`;
      const email = `${nickname}@mail.test`;

      // An account with an email, its address confirmed from the mailed link.
      await page.goto(`${app.baseUrl}/register`);
      const form = page.locator('main form');
      await form.locator('input[name="nickname"]').fill(nickname);
      await form.locator('input[name="password"]').fill('first-pass-1');
      await form.locator('input[name="confirmPassword"]').fill('first-pass-1');
      await form.locator('input[name="email"]').fill(email);
      await form.locator('button[type="submit"]').click();
      await page.waitForURL(`${app.baseUrl}/`);
      const verification = await mailedLink(app, email, 'verify_email');
      expect(verification.language).toBe(text.language);
      await page.goto(verification.link);
      await page.getByRole('heading', { name: text.verified }).waitFor(WAIT);

      // Signed out, "Forgot password?" from the log-in page.
      await page.evaluate(() => localStorage.clear());
      await page.goto(`${app.baseUrl}/login`);
      await page.getByRole('link', { name: text.forgot }).click();
      await page.waitForURL(`${app.baseUrl}/password/forgot`);
      await fillIn(page, text.email, email);
      await expectNoRawKeys(page);
      await screenshot(page, `password-forgot-${text.viewport}-${text.language}`);
      await page.getByRole('button', { name: text.send }).click();
      await page.getByText(text.sent).waitFor(WAIT);

      const reset = await mailedLink(app, email, 'reset_password');
      expect(reset.language).toBe(text.language);
      await page.goto(reset.link);
      await fillIn(page, text.newPassword, 'second-pass-2');
      await fillIn(page, text.repeat, 'second-pass-2');
      await expectNoRawKeys(page);
      await screenshot(page, `password-reset-${text.viewport}-${text.language}`);
      await page.getByRole('button', { name: text.save }).click();
      await page.getByText(text.done).waitFor(WAIT);

      // The link worked once; the new password logs in.
      await page.locator('main').getByRole('link', { name: text.logIn }).click();
      await page.waitForURL(`${app.baseUrl}/login`);
      const login = page.locator('main form');
      await login.locator('input[name="nickname"]').fill(nickname);
      await login.locator('input[name="password"]').fill('second-pass-2');
      await login.locator('button[type="submit"]').click();
      await page.waitForURL(`${app.baseUrl}/`);
      const used = await app.db('email_links').where({ purpose: 'reset_password' }).whereNotNull('used_at').count({ n: '*' }).first();
      expect(Number(used?.n)).toBeGreaterThan(0);
      await context.close();
    });
  }
});
