// @vitest-environment happy-dom
import { supportEndpoints, type SupportSettings } from '@topup/common/api';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { on } from '@topup/common/testing';
import { server } from '../../testing/api';
import { renderWithProviders } from '../../testing/render';
import { SupportRoute } from './support';

const TELEGRAM: SupportSettings = { messengerName: 'Telegram', messengerUrl: 'https://t.me/topuparena_support', intro: { ru: '', en: '', uz: '' } };

function serveSupport(settings: SupportSettings) {
  let read = false;
  server.use(
    on(supportEndpoints.settings).reply(() => {
      read = true;
      return settings;
    }),
    on(supportEndpoints.mine).reply(() => []),
  );
  return { read: () => read };
}

describe('the support page as the back office set it', () => {
  test('opens the messenger the back office chose, named on the button, under its intro', async () => {
    serveSupport({ messengerName: 'WhatsApp', messengerUrl: 'https://wa.me/79990001122', intro: { ru: 'Ответим в течение часа.', en: '', uz: '' } });
    renderWithProviders(<SupportRoute />, { path: '/support' });
    const messenger = await screen.findByRole('link', { name: 'Написать в поддержку в WhatsApp' });
    expect(messenger).toHaveAttribute('href', 'https://wa.me/79990001122');
    expect(screen.getByText('Ответим в течение часа.')).toBeInTheDocument();
  });

  test("keeps the store's own intro for a language left empty, and shows no messenger without an address", async () => {
    const api = serveSupport({ ...TELEGRAM, messengerUrl: '' });
    renderWithProviders(<SupportRoute />, { path: '/support' });
    await expect.poll(api.read).toBe(true);
    expect(await screen.findByText('Вопросы по заказу или оплате? Ответим в течение 24 часов.')).toBeInTheDocument();
    expect(screen.queryByTestId('support-messenger')).not.toBeInTheDocument();
  });
});
