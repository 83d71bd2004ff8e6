import polyglotI18nProvider from 'ra-i18n-polyglot';
import { describe, expect, it } from 'vitest';
import type { OrderNotice } from '@topup/common/api';
import englishMessages from '../i18n/en';
import russianMessages from '../i18n/ru';
import { noticesText } from './orderNotices';

const translator = (locale: 'en' | 'ru') => {
  const provider = polyglotI18nProvider(() => (locale === 'en' ? englishMessages : russianMessages), locale);
  return (key: string, options?: Record<string, unknown>) => provider.translate(key, options);
};

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('order notices in the back office', () => {
  const refunded: OrderNotice[] = [
    { code: 'TOPUP_DECLINED', params: { game: 'pubg', account: '5123413', refund: { amount: 5.98, currency: 'usd' }, refundTo: 'balance', deliveredUc: 0 } },
    { code: 'CARD_REFUND_TO_BALANCE', params: { refund: { amount: 472.42, currency: 'rub' } } },
  ];

  it('reads each code in the interface language, never as a raw key', () => {
    expect(plain(noticesText(refunded, translator('en')))).toBe(
      'PUBG Mobile declined the top-up of player ID 5123413. $5.98 refunded to the balance. The refund to the card could not be made: 472,42 ₽ was credited to the balance instead.',
    );
    const russian = plain(noticesText([...refunded, { code: 'CARD_DECLINED', params: {} }], translator('ru')));
    expect(russian).toBe(
      'PUBG Mobile отклонил пополнение: ID игрока 5123413. $5.98 возвращено на баланс. Вернуть на карту не удалось: 472,42 ₽ зачислено на баланс. Оплата картой отклонена.',
    );
  });

  it('reads the minor units timeline events keep', () => {
    const event: OrderNotice[] = [{ code: 'STORE_STOPPED_DELIVERY', params: { refund: { amount: 3998, currency: 'usd' } } }];
    expect(noticesText(event, translator('en'), { minorUnits: true })).toBe('The store stopped the delivery and refunded $39.98 to the balance.');
  });

  it('reads why YooKassa cancelled a payment, in English and Russian', () => {
    const failures: OrderNotice[] = [
      { code: 'PAYMENT_3DS_FAILED', params: {} },
      { code: 'PAYMENT_INSUFFICIENT_FUNDS', params: {} },
      { code: 'PAYMENT_CARD_DETAILS_WRONG', params: {} },
      { code: 'PAYMENT_LIMIT_EXCEEDED', params: {} },
      { code: 'PAYMENT_REFUSED_BY_BANK', params: {} },
      { code: 'SBP_DECLINED', params: {} },
    ];
    expect(failures.map((notice) => noticesText([notice], translator('en')))).toEqual([
      'The card payment failed 3-D Secure.',
      'Not enough money on the card or account.',
      'Wrong card details, or the card has expired.',
      'The payment went over a limit of the card or account.',
      'The bank refused the payment.',
      'The SBP payment was cancelled.',
    ]);
    expect(failures.map((notice) => noticesText([notice], translator('ru')))).toEqual([
      'Оплата картой не прошла 3-D Secure.',
      'На карте или счёте не хватило денег.',
      'Неверные данные карты или истёк срок её действия.',
      'Платёж превысил лимит карты или счёта.',
      'Банк отклонил платёж.',
      'Оплата через СБП отменена.',
    ]);
  });
});
