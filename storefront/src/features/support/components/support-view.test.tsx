// @vitest-environment happy-dom
import { supportEndpoints, type SupportMessageBody, type SupportSettings } from '@topup/common/api';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { ErrorCode } from '@topup/common';
import { on, refuse } from '@topup/common/testing';
import { server } from '../../../testing/api';
import { renderWithProviders } from '../../../testing/render';
import { SupportView } from './support-view';

const TELEGRAM: SupportSettings = { messengerName: 'Telegram', messengerUrl: 'https://t.me/topuparena_support', intro: { ru: '', en: '', uz: '' } };

function serveSupport(settings: SupportSettings = TELEGRAM) {
  const sent: SupportMessageBody[] = [];
  server.use(
    on(supportEndpoints.settings).reply(() => settings),
    on(supportEndpoints.mine).reply(() => []),
    on(supportEndpoints.send).reply(({ body }) => {
      sent.push(body);
      return { success: true };
    }),
  );
  return sent;
}

describe('the support form', () => {
  test('a signed-in shopper sends a message without a contact, and is told the reply shows under My requests', async () => {
    const sent = serveSupport();
    const { user } = renderWithProviders(<SupportView />, { path: '/support' });
    expect(screen.getByLabelText('Контакт для связи (необязательно)')).not.toBeRequired();
    await user.type(screen.getByLabelText('Сообщение'), 'Код не подходит');
    await user.click(screen.getByRole('button', { name: 'Отправить сообщение' }));
    expect(await screen.findByText('Спасибо! Ответ появится в «Моих обращениях» на этой странице в течение 24 часов.')).toBeInTheDocument();
    expect(sent).toEqual([{ nickname: 'Покупатель', contact: '', message: 'Код не подходит', userId: '7' }]);
  });

  test('too many messages say how long to wait, as the API asked', async () => {
    server.use(
      on(supportEndpoints.settings).reply(() => TELEGRAM),
      on(supportEndpoints.mine).reply(() => []),
      on(supportEndpoints.send).reply(() => refuse(429, ErrorCode.RATE_LIMITED, 'Too many requests', { retryAfterSeconds: 40 })),
    );
    const { user } = renderWithProviders(<SupportView />, { path: '/support' });
    await user.type(screen.getByLabelText('Сообщение'), 'Ещё вопрос');
    await user.click(screen.getByRole('button', { name: 'Отправить сообщение' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Слишком много попыток. Попробуйте снова через 40 секунд.');
  });

  test("a visitor's message needs a contact, the only way to answer it", async () => {
    const sent = serveSupport();
    const { user } = renderWithProviders(<SupportView />, { path: '/support', signedIn: false });
    await user.type(screen.getByLabelText('Имя пользователя'), 'guest');
    await user.type(screen.getByLabelText('Сообщение'), 'Вопрос');
    await user.click(screen.getByRole('button', { name: 'Отправить сообщение' }));
    expect(screen.getByLabelText('Контакт для связи')).toHaveFocus();
    expect(screen.getByText('Заполните это поле')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
