// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { ErrorCode } from '@topup/common';
import { mailEndpoints, type VerifyEmailBody } from '@topup/common/api';
import { on, refuse } from '@topup/common/testing';
import { server } from '../../../testing/api';
import { renderWithProviders } from '../../../testing/render';
import { EmailVerification } from './email-verification';

describe('the email verification page', () => {
  test('confirms the address once and says which', async () => {
    const sent: VerifyEmailBody[] = [];
    server.use(
      on(mailEndpoints.verifyEmail).reply(({ body }) => {
        sent.push(body);
        return { email: 'olga@mail.ru' };
      }),
    );
    renderWithProviders(<EmailVerification token="link-token" />, { path: '/email/verify', signedIn: false });
    expect(screen.getByText('Подтверждаем адрес…')).toBeInTheDocument();
    expect(await screen.findByText('Почта подтверждена')).toBeInTheDocument();
    expect(screen.getByText(/Адрес olga@mail\.ru подтверждён/)).toBeInTheDocument();
    expect(sent).toEqual([{ token: 'link-token' }]);
  });

  test.each([
    [ErrorCode.LINK_EXPIRED, 400, 'Срок действия ссылки истёк, или она уже использована.'],
    [ErrorCode.EMAIL_TAKEN, 409, 'Этот адрес уже подтверждён в другом аккаунте.'],
  ])('a link refused as %s says why', async (code, status, text) => {
    server.use(on(mailEndpoints.verifyEmail).reply(() => refuse(status, code)));
    renderWithProviders(<EmailVerification token="link-token" />, { path: '/email/verify', signedIn: false });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Перейти в профиль' })).toHaveAttribute('href', '/profile');
  });
});
