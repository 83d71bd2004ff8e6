// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { ErrorCode } from '@topup/common';
import { mailEndpoints, type ResetPasswordBody } from '@topup/common/api';
import { on, refuse } from '@topup/common/testing';
import { server } from '../../../testing/api';
import { renderWithProviders } from '../../../testing/render';
import { ResetPasswordForm } from './reset-password-form';

const TOKEN = 'kq3X2m0c9fJd7bN1sV8yR4tL6wP5hZ0aE2uG9iO3xQc';

async function fillIn(user: ReturnType<typeof renderWithProviders>['user'], password: string, confirm = password) {
  await user.type(screen.getByLabelText('Новый пароль'), password);
  await user.type(screen.getByLabelText('Повторите новый пароль'), confirm);
  await user.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
}

describe('"Set a new password"', () => {
  test('sends the token with the new password and leads to the log-in page', async () => {
    const sent: ResetPasswordBody[] = [];
    server.use(
      on(mailEndpoints.resetPassword).reply(({ body }) => {
        sent.push(body);
        return new Response(null, { status: 204 });
      }),
    );
    const { user } = renderWithProviders(<ResetPasswordForm token={TOKEN} />, { path: '/password/reset', signedIn: false });
    await fillIn(user, 'brand-new-pass-7');
    expect(await screen.findByText('Пароль изменён')).toBeInTheDocument();
    expect(screen.getByText('Новый пароль сохранён, все сеансы завершены. Войдите с ним.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/login');
    expect(sent).toEqual([{ token: TOKEN, password: 'brand-new-pass-7' }]);
  });

  test("checks the password's rules and its repetition before sending", async () => {
    const { user } = renderWithProviders(<ResetPasswordForm token={TOKEN} />, { path: '/password/reset', signedIn: false });
    await fillIn(user, 'no-digits-here', 'no-digits-here');
    expect(screen.getByText('Пароль должен содержать хотя бы одну цифру')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Новый пароль'));
    await fillIn(user, 'brand-new-pass-7', 'another-pass-8');
    expect(screen.getByText('Пароли не совпадают')).toBeInTheDocument();
    expect(screen.getByLabelText('Повторите новый пароль')).toHaveFocus();
  });

  test('a used or expired link says so and offers a new one', async () => {
    server.use(on(mailEndpoints.resetPassword).reply(() => refuse(400, ErrorCode.LINK_EXPIRED, 'This link has expired')));
    const { user } = renderWithProviders(<ResetPasswordForm token={TOKEN} />, { path: '/password/reset', signedIn: false });
    await fillIn(user, 'brand-new-pass-7');
    expect(await screen.findByRole('alert')).toHaveTextContent('Срок действия ссылки истёк, или она уже использована.');
    expect(screen.getByRole('link', { name: 'Запросить новую ссылку' })).toHaveAttribute('href', '/password/forgot');
  });
});
