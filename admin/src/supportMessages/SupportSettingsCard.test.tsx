// @vitest-environment happy-dom
import { adminSupportMessagesEndpoints, type SupportSettings } from '@topup/common/api';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { on } from '@topup/common/testing';
import { server } from '../testing/api';
import { renderResourcePage } from '../testing/render';
import { SupportSettingsCard } from './SupportSettingsCard';

const TELEGRAM: SupportSettings = { messengerName: 'Telegram', messengerUrl: 'https://t.me/topuparena_support', intro: { ru: '', en: '', uz: '' } };

function serveSettings() {
  const saved: SupportSettings[] = [];
  server.use(
    on(adminSupportMessagesEndpoints.settings).reply(() => TELEGRAM),
    on(adminSupportMessagesEndpoints.updateSettings).reply(({ body }) => {
      saved.push(body);
      return body;
    }),
  );
  return saved;
}

describe("the support page's settings in the back office", () => {
  test('an admin sets the messenger and an intro; the store shows them', async () => {
    const saved = serveSettings();
    const { user } = renderResourcePage('supportMessages', '/supportMessages', '/supportMessages', <SupportSettingsCard />);
    const url = await screen.findByLabelText('Адрес чата');
    expect(url).toHaveValue('https://t.me/topuparena_support');
    await user.clear(url);
    await user.type(url, 'https://wa.me/79990001122');
    await user.clear(screen.getByLabelText(/^Мессенджер/));
    await user.type(screen.getByLabelText(/^Мессенджер/), 'WhatsApp');
    await user.type(screen.getByLabelText('Вступление на узбекском'), 'Bir soat ichida javob beramiz.');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Настройки страницы поддержки сохранены')).toBeInTheDocument();
    expect(saved).toEqual([{ messengerName: 'WhatsApp', messengerUrl: 'https://wa.me/79990001122', intro: { ru: '', en: '', uz: 'Bir soat ichida javob beramiz.' } }]);
  });

  test('an address that is not https is refused before it is sent', async () => {
    const saved = serveSettings();
    const { user } = renderResourcePage('supportMessages', '/supportMessages', '/supportMessages', <SupportSettingsCard />);
    const url = await screen.findByLabelText('Адрес чата');
    await user.clear(url);
    await user.type(url, 'http://t.me/shop');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Адрес, начинающийся с https://, без пробелов')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
