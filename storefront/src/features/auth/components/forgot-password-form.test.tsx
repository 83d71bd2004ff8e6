// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { ErrorCode } from '@topup/common';
import { mailEndpoints, type ForgotPasswordBody } from '@topup/common/api';
import { on, refuse } from '@topup/common/testing';
import { server } from '../../../testing/api';
import { renderWithProviders } from '../../../testing/render';
import { ForgotPasswordForm } from './forgot-password-form';

describe('"Forgot password?"', () => {
  test('sends the address and says where the link went, whether or not an account has it', async () => {
    const sent: ForgotPasswordBody[] = [];
    server.use(
      on(mailEndpoints.forgotPassword).reply(({ body }) => {
        sent.push(body);
        return { accepted: true };
      }),
    );
    const { user } = renderWithProviders(<ForgotPasswordForm />, { path: '/password/forgot', signedIn: false });
    await user.type(screen.getByLabelText('Эл. почта'), ' olga@mail.ru ');
    await user.click(screen.getByRole('button', { name: 'Прислать ссылку' }));
    expect(await screen.findByText('Проверьте почту')).toBeInTheDocument();
    expect(screen.getByText(/Если адрес olga@mail\.ru подтверждён в аккаунте/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Вернуться ко входу' })).toHaveAttribute('href', '/login');
    expect(sent).toEqual([{ email: 'olga@mail.ru' }]);
  });

  test('refuses what is not an address before asking the store', async () => {
    const { user } = renderWithProviders(<ForgotPasswordForm />, { path: '/password/forgot', signedIn: false });
    await user.type(screen.getByLabelText('Эл. почта'), 'olga@mail');
    await user.click(screen.getByRole('button', { name: 'Прислать ссылку' }));
    expect(screen.getByText('Введите адрес почты, например name@mail.ru')).toBeInTheDocument();
    expect(screen.getByLabelText('Эл. почта')).toHaveFocus();
  });

  test('too many requests say how long to wait', async () => {
    server.use(on(mailEndpoints.forgotPassword).reply(() => refuse(429, ErrorCode.RATE_LIMITED, 'Too many requests', { retryAfterSeconds: 300 })));
    const { user } = renderWithProviders(<ForgotPasswordForm />, { path: '/password/forgot', signedIn: false });
    await user.type(screen.getByLabelText('Эл. почта'), 'olga@mail.ru');
    await user.click(screen.getByRole('button', { name: 'Прислать ссылку' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Слишком много попыток. Попробуйте снова через 5 минут.');
  });
});
