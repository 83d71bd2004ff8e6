// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { mailEndpoints, type ChangeEmailBody } from '@topup/common/api';
import { on } from '@topup/common/testing';
import { server } from '../../../testing/api';
import { renderWithProviders } from '../../../testing/render';
import { EmailSettings } from './email-settings';

function serveChanges() {
  const sent: ChangeEmailBody[] = [];
  server.use(
    on(mailEndpoints.changeEmail).reply(({ body }) => {
      sent.push(body);
      return { email: body.email, emailVerified: false };
    }),
  );
  return sent;
}

describe("the profile's email", () => {
  test('an unconfirmed address says where the link went, and saving it again sends the link again', async () => {
    const sent = serveChanges();
    const { user } = renderWithProviders(<EmailSettings profile={{ email: 'olga@mail.ru', emailVerified: false }} />, { path: '/profile' });
    expect(screen.getByTestId('email-status')).toHaveTextContent('Не подтверждена: откройте ссылку из письма на olga@mail.ru.');
    await user.click(screen.getByRole('button', { name: 'Прислать ссылку ещё раз' }));
    expect(await screen.findByText('Мы отправили ссылку на olga@mail.ru. Откройте её, чтобы подтвердить адрес.')).toBeInTheDocument();
    expect(sent).toEqual([{ email: 'olga@mail.ru' }]);
  });

  test('a confirmed address is shown so, and an address can be changed or removed', async () => {
    const sent = serveChanges();
    const { user } = renderWithProviders(<EmailSettings profile={{ email: 'olga@mail.ru', emailVerified: true }} />, { path: '/profile' });
    expect(screen.getByTestId('email-status')).toHaveTextContent('olga@mail.ru — Подтверждена');
    const input = screen.getByRole('textbox', { name: 'Эл. почта' });
    await user.clear(input);
    await user.type(input, 'Olga@Yandex.RU');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await screen.findByText('Мы отправили ссылку на Olga@Yandex.RU. Откройте её, чтобы подтвердить адрес.');
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Адрес почты удалён.')).toBeInTheDocument();
    expect(sent).toEqual([{ email: 'Olga@Yandex.RU' }, { email: null }]);
  });

  test('refuses what is not an address', async () => {
    const sent = serveChanges();
    const { user } = renderWithProviders(<EmailSettings profile={{ email: null, emailVerified: false }} />, { path: '/profile' });
    expect(screen.getByTestId('email-status')).toHaveTextContent('Почта пока не указана.');
    await user.type(screen.getByRole('textbox', { name: 'Эл. почта' }), 'olga');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(screen.getByText('Введите адрес почты, например name@mail.ru')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
