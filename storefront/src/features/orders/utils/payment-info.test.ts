import { describe, expect, it } from 'vitest';
import type { Order, OrderDetail, OrderItem, OrderPayment } from '@topup/common/api';
import { cancellationKind, chargedLine, paymentLineKey, refundLines, retryPath } from './payment-info';

const topupItem = (service: string): OrderItem => ({
  id: 1,
  item_type: 'topup',
  amount: 10.98,
  game_amount: 720,
  product: null,
  topup_data: { service, player_id: '51234567', offer_name: 'PUBG Topup 720 UC' },
  unit: null,
  region: null,
});

const payment = (overrides: Partial<OrderPayment> = {}): OrderPayment => ({
  method: 'card',
  provider: 'sandbox',
  status: 'paid',
  amount: 10.98,
  currency: 'usd',
  refunded: 0,
  ...overrides,
});

type PaidOrder = Order & Pick<OrderDetail, 'payment' | 'refunds'>;

const order = (overrides: Partial<PaidOrder> = {}): PaidOrder => ({
  id: 7,
  created_at: '2025-01-01T10:00:00Z',
  status: 'completed',
  total: 10.98,
  discount: 0,
  promo_code: null,
  currency: 'usd',
  notices: [],
  payment_method: 'card',
  returned_to_cart: false,
  delayed: false,
  items: [topupItem('pubg')],
  payment: payment(),
  refunds: [],
  ...overrides,
});

describe('how an order was paid', () => {
  it('says where the payment stands', () => {
    expect(paymentLineKey(order({ payment_method: 'balance', payment: null }))).toBe('orders.payment_line.balance');
    expect(paymentLineKey(order())).toBe('orders.payment_line.card_paid');
    expect(paymentLineKey(order({ payment: payment({ status: 'refunded' }) }))).toBe('orders.payment_line.card_refunded');
    expect(paymentLineKey(order({ payment_method: 'sbp', payment: payment({ method: 'sbp', status: 'pending' }) }))).toBe('orders.payment_line.sbp_pending');
    expect(paymentLineKey(order({ payment: payment({ status: 'declined' }) }))).toBe('orders.payment_line.card_declined');
    expect(paymentLineKey(order({ payment: payment({ status: 'expired' }) }))).toBe('orders.payment_line.card_expired');
    // The list has no payment detail: the order's own method says card or SBP.
    expect(paymentLineKey({ payment_method: 'card' })).toBe('orders.payment_line.card');
    expect(paymentLineKey({ payment_method: 'sbp' })).toBe('orders.payment_line.sbp');
  });
});

describe('chargedLine', () => {
  it('shows the charged amount only when it differs from the total', () => {
    expect(chargedLine(order())).toBeNull();
    expect(chargedLine(order({ payment: null }))).toBeNull();
    expect(chargedLine(order({ payment: payment({ amount: 867.42, currency: 'rub' }) }))).toEqual({
      kind: 'charged',
      amount: 867.42,
      currency: 'RUB',
    });
    expect(chargedLine(order({ payment: payment({ amount: 867.42, currency: 'rub', status: 'pending' }) }))?.kind).toBe('to_charge');
  });

  it('shows nothing for a payment that took no money', () => {
    expect(chargedLine(order({ payment: payment({ amount: 867.42, currency: 'rub', status: 'declined' }) }))).toBeNull();
    expect(chargedLine(order({ payment: payment({ amount: 867.42, currency: 'rub', status: 'expired' }) }))).toBeNull();
  });
});

describe('a cancelled order', () => {
  it('says why: declined, expired, or paid too late', () => {
    expect(cancellationKind(order({ status: 'cancelled', payment: payment({ status: 'declined' }) }))).toBe('declined');
    expect(cancellationKind(order({ status: 'cancelled', payment: payment({ status: 'expired' }) }))).toBe('expired');
    expect(cancellationKind(order({ status: 'cancelled', payment: payment({ status: 'paid' }) }))).toBe('late_credit');
    expect(cancellationKind(order({ status: 'cancelled', payment: null }))).toBeNull();
    expect(cancellationKind(order({ status: 'failed', payment: payment({ status: 'declined' }) }))).toBeNull();
  });

  it('leads a top-up back to its game page', () => {
    expect(retryPath(order({ status: 'cancelled' }))).toBe('/products/pubg');
    expect(retryPath(order({ status: 'failed', items: [topupItem('steam')] }))).toBe('/products/steam');
    expect(retryPath(order({ status: 'completed' }))).toBeNull();
    // Every game, the specification's or one the store describes as data, has its page at /products/<slug>.
    expect(retryPath(order({ status: 'cancelled', items: [topupItem('mobile-legends')] }))).toBe('/products/mobile-legends');
    expect(retryPath(order({ status: 'cancelled', items: [topupItem('Mobile Legends')] }))).toBeNull();
    expect(retryPath(order({ status: 'cancelled', items: [{ ...topupItem('pubg'), item_type: 'code', topup_data: null }] }))).toBeNull();
  });
});

describe('refundLines', () => {
  it('lists refunds to the card and to the balance with their state', () => {
    const lines = refundLines([
      { destination: 'card', amount: 867.42, currency: 'rub', status: 'pending', created_at: '2025-01-01T10:00:00Z' },
      { destination: 'card', amount: 10, currency: 'usd', status: 'failed', created_at: '2025-01-01T10:01:00Z' },
      { destination: 'balance', amount: 10, currency: 'usd', status: 'succeeded', created_at: '2025-01-01T10:02:00Z' },
    ]);
    expect(lines.map((line) => [line.destination, line.amount, line.currency, line.state])).toEqual([
      ['card', 867.42, 'RUB', 'pending'],
      ['card', 10, 'USD', 'failed'],
      ['balance', 10, 'USD', 'done'],
    ]);
    expect(new Set(lines.map((line) => line.key)).size).toBe(3);
    expect(refundLines(undefined)).toEqual([]);
  });
});
