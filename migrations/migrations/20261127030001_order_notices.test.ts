import { describe, expect, it } from 'vitest';
import { noticesOf } from './20261127030001_order_notices';

describe('reading old order texts back into notices', () => {
  it('reads the top-up failures with their refund, delivered UC and destination', () => {
    expect(noticesOf('PUBG Mobile declined the top-up for player ID 5123413. 5.98 USD has been refunded to your balance.')).toEqual([
      { code: 'TOPUP_DECLINED', params: { game: 'pubg', account: '5123413', refund: { amount: 598, currency: 'usd' }, refundTo: 'balance', deliveredUc: 0 } },
    ]);
    expect(noticesOf('Steam could not find the Steam login fail13. 813.70 RUB is being refunded to your card.')).toEqual([
      { code: 'TOPUP_PLAYER_NOT_FOUND', params: { game: 'steam', account: 'fail13', refund: { amount: 81370, currency: 'rub' }, refundTo: 'card', deliveredUc: 0 } },
    ]);
    expect(noticesOf('We ran out of UC codes for your packages. 660 UC were delivered; 0.99 USD for the rest has been refunded to your balance.')).toEqual([
      { code: 'PUBG_OUT_OF_CODES', params: { game: 'pubg', account: '', refund: { amount: 99, currency: 'usd' }, refundTo: 'balance', deliveredUc: 660 } },
    ]);
  });

  it('reads payment texts, store refunds with the admin note after them, and appended card refund notices', () => {
    expect(noticesOf('The card payment was declined')).toEqual([{ code: 'CARD_DECLINED', params: {} }]);
    expect(noticesOf('Payment not received in time')).toEqual([{ code: 'PAYMENT_EXPIRED', params: {} }]);
    expect(
      noticesOf(
        'The store refunded this order: 10.98 USD is being returned to your card. Codes did not work The refund to your card could not be made, so 10.98 USD was credited to your balance instead.',
      ),
    ).toEqual([
      { code: 'STORE_REFUNDED', params: { refund: { amount: 1098, currency: 'usd' }, refundTo: 'card' } },
      { code: 'STORE_NOTE', params: { text: 'Codes did not work' } },
      { code: 'CARD_REFUND_TO_BALANCE', params: { refund: { amount: 1098, currency: 'usd' } } },
    ]);
    expect(noticesOf('The store stopped the delivery of this order and refunded 39.98 USD to your balance.')).toEqual([
      { code: 'STORE_STOPPED_DELIVERY', params: { refund: { amount: 3998, currency: 'usd' } } },
    ]);
  });

  it('keeps any other text word for word', () => {
    expect(noticesOf('Something else happened')).toEqual([{ code: 'MESSAGE', params: { text: 'Something else happened' } }]);
    expect(noticesOf(null)).toEqual([]);
  });
});
