import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { OrderNotice } from '@topup/common/api';
import en from '../../../locales/en';
import ru from '../../../locales/ru';
import uz from '../../../locales/uz';
import { createFormat } from '../../../lib/format';
import { noticesText, noticeText } from './notices';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

async function writer(language: 'en' | 'ru' | 'uz') {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: language, resources: { en: { translation: en }, ru: { translation: ru }, uz: { translation: uz } }, interpolation: { escapeValue: false } });
  const format = createFormat(language);
  return (notice: OrderNotice, gameTitle?: string) => plain(noticeText(notice, i18n.t, format, gameTitle));
}

/** The notices of a payment the gateway cancelled, one for each reason a shopper can act on. */
const PAYMENT_FAILURES = [
  'CARD_DECLINED',
  'SBP_DECLINED',
  'PAYMENT_3DS_FAILED',
  'PAYMENT_INSUFFICIENT_FUNDS',
  'PAYMENT_CARD_DETAILS_WRONG',
  'PAYMENT_LIMIT_EXCEEDED',
  'PAYMENT_REFUSED_BY_BANK',
] as const;

const declined: OrderNotice = {
  code: 'TOPUP_DECLINED',
  params: { game: 'pubg', account: '5123413', refund: { amount: 5.98, currency: 'usd' }, refundTo: 'balance', deliveredUc: 0 },
};

describe('order notices', () => {
  it("write a declined top-up in the shopper's language and money format", async () => {
    expect((await writer('en'))(declined)).toBe('PUBG Mobile declined the top-up of the account with player ID 5123413. $5.98 has been refunded to your balance.');
    expect((await writer('ru'))(declined)).toBe('PUBG Mobile отклонил пополнение аккаунта с ID игрока 5123413. 5,98 $ возвращено на ваш баланс.');
    expect((await writer('uz'))(declined)).toBe("PUBG Mobile hisobni to'ldirishni rad etdi: o'yinchi ID 5123413. 5,98 $ balansingizga qaytarildi.");
  });

  it('say what a partial delivery delivered and where the rest went', async () => {
    const partial: OrderNotice = { code: 'PUBG_OUT_OF_CODES', params: { ...declined.params, refundTo: 'card', deliveredUc: 8100 } };
    expect((await writer('ru'))(partial)).toBe('У нас закончились коды UC для ваших пакетов. Доставлено 8 100 UC. За остальное 5,98 $ возвращается на вашу карту.');
  });

  it('name a Steam login as such, and leave out a refund of nothing', async () => {
    const notFound: OrderNotice = {
      code: 'TOPUP_PLAYER_NOT_FOUND',
      params: { game: 'steam', account: 'gamer', refund: { amount: 0, currency: 'rub' }, refundTo: 'balance', deliveredUc: 0 },
    };
    expect((await writer('en'))(notFound)).toBe('Steam could not find the account with the Steam login gamer.');
  });

  it('name a game described as data by the title its order carries, in each language', async () => {
    const [en, ru, uz] = await Promise.all([writer('en'), writer('ru'), writer('uz')]);
    const params = { ...declined.params, game: 'mobile-legends', account: '512345613' };
    expect(ru({ code: 'TOPUP_DECLINED', params }, 'Mobile Legends')).toBe(
      'Mobile Legends отклонил пополнение аккаунта с ID игрока 512345613. 5,98 $ возвращено на ваш баланс.',
    );
    expect(en({ code: 'PUBG_OUT_OF_CODES', params }, 'Mobile Legends')).toBe('We ran out of codes for your Mobile Legends top-up. $5.98 has been refunded to your balance.');
    expect(uz({ code: 'TOPUP_PLAYER_NOT_FOUND', params: { ...params, refund: { amount: 0, currency: 'rub' } } }, 'Mobile Legends')).toBe(
      "Mobile Legends hisobni topa olmadi: o'yinchi ID 512345613.",
    );
  });

  it("write every code without parameters, the store's note and old messages as they are", async () => {
    const write = await writer('uz');
    for (const code of ['CARD_DECLINED', 'PAYMENT_NOT_STARTED', 'PAYMENT_EXPIRED', 'LATE_PAYMENT_CREDITED', 'CANCELLED_BY_STORE'] as const) {
      const text = write({ code, params: {} });
      expect(text, code).not.toBe('');
      expect(text, code).not.toContain('order_notices');
    }
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'ru', resources: { ru: { translation: ru } } });
    const refunded: OrderNotice[] = [
      { code: 'STORE_REFUNDED', params: { refund: { amount: 3158.42, currency: 'rub' }, refundTo: 'balance' } },
      { code: 'STORE_NOTE', params: { text: 'Коды не подошли' } },
      { code: 'MESSAGE', params: { text: 'An old text' } },
    ];
    expect(plain(noticesText(refunded, i18n.t, createFormat('ru')))).toBe(
      'Магазин вернул деньги за заказ: 3 158,42 ₽ зачислено на ваш баланс. Комментарий магазина: Коды не подошли An old text',
    );
  });

  it('say why a payment failed and what to do, in each language', async () => {
    const [en, ru, uz] = await Promise.all([writer('en'), writer('ru'), writer('uz')]);
    const failed = (code: (typeof PAYMENT_FAILURES)[number]): OrderNotice => ({ code, params: {} });
    expect(en(failed('PAYMENT_INSUFFICIENT_FUNDS'))).toBe('There was not enough money on your card or account. Top it up or pay another way.');
    expect(ru(failed('PAYMENT_3DS_FAILED'))).toBe(
      'Оплата картой не подтверждена по 3-D Secure. Попробуйте ещё раз и подтвердите её кодом из банка или оплатите другим способом.',
    );
    expect(ru(failed('SBP_DECLINED'))).toBe('Оплата через СБП отменена.');
    // A payment by card or SBP the gateway could not start names no method.
    expect(en({ code: 'PAYMENT_NOT_STARTED', params: {} })).toBe('The payment could not be started. Nothing was charged.');
    expect(uz({ code: 'PAYMENT_NOT_STARTED', params: {} })).toBe("To'lovni boshlab bo'lmadi. Hech qanday pul yechilmadi.");
    expect(uz(failed('PAYMENT_REFUSED_BY_BANK'))).toBe("Bankingiz to'lovni rad etdi. Sababini bankdan so'rang yoki boshqa usulda to'lang.");
    for (const code of PAYMENT_FAILURES) {
      const english = en(failed(code));
      for (const [language, write] of [['ru', ru], ['uz', uz]] as const) {
        const text = write(failed(code));
        expect(text, `${language} ${code}`).not.toContain('order_notices');
        expect(text, `${language} ${code}`).not.toBe(english);
        // Written in the language itself: no English word but the names 3-D Secure and SBP.
        expect(text.replace(/3-D Secure|SBP/g, ''), `${language} ${code}`).not.toMatch(/\b(the|payment|card|bank|your|was|or)\b/i);
      }
    }
  });
});

