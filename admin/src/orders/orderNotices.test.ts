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
});
