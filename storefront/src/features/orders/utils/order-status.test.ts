import { describe, expect, it } from 'vitest';
import type { OrderDetail } from '@topup/common/api';
import { createFormat } from '../../../lib/format';
import {
  activationGuides,
  deliveredCodes,
  groupItems,
  isSettled,
  itemSummary,
  keepsChanging,
  normalizeOrderSearch,
  statusDisplay,
  orderGameTitle,
  topupDetails,
  visibleOrders,
} from './order-status';

type OrderItem = OrderDetail['items'][number];

const codeItem = (id: number, title: string, gameAmount: number, amount: number, code?: string, extra: Pick<OrderItem, 'unit' | 'region'> = { unit: 'USD', region: null }): OrderItem => ({
  id,
  item_type: 'code',
  amount,
  game_amount: gameAmount,
  product: { slug: title.toLowerCase().replace(/ /g, '-'), title, image_url: '', activation_instructions: `Redeem ${title}` },
  topup_data: null,
  ...extra,
  code: code ? { code, activatedAt: null, activatedPlayerId: null } : null,
});

const topupItem: OrderItem = {
  id: 9,
  item_type: 'topup',
  amount: 1.99,
  game_amount: 100,
  product: null,
  topup_data: { service: 'freefire', player_id: '123456', player_name: 'Player3456', offer_name: '100 Diamonds', login: '123456' },
  unit: null,
  region: null,
  code: null,
};

describe('statusDisplay', () => {
  it('shows pending and processing as in processing', () => {
    expect(statusDisplay('pending')).toEqual({ key: 'orders.status.in_processing', tone: 'progress' });
    expect(statusDisplay('processing')).toEqual({ key: 'orders.status.in_processing', tone: 'progress' });
  });

  it('shows the settled statuses as they are', () => {
    expect(statusDisplay('completed').key).toBe('orders.status.completed');
    expect(statusDisplay('failed')).toEqual({ key: 'orders.status.failed', tone: 'danger' });
    expect(statusDisplay('cancelled').key).toBe('orders.status.cancelled');
  });

  it('knows which orders still change by themselves', () => {
    expect(isSettled('pending')).toBe(false);
    expect(isSettled('processing')).toBe(false);
    expect(['completed', 'failed', 'cancelled'].every(isSettled)).toBe(true);
  });

  it('keeps looking at a settled order while a refund is on its way', () => {
    const refund = (status: 'pending' | 'succeeded') => ({ destination: 'card' as const, amount: 1, currency: 'usd' as const, status, created_at: '' });
    expect(keepsChanging({ status: 'processing' })).toBe(true);
    expect(keepsChanging({ status: 'failed', refunds: [refund('pending')] })).toBe(true);
    expect(keepsChanging({ status: 'failed', refunds: [refund('succeeded')] })).toBe(false);
    expect(keepsChanging({ status: 'completed' })).toBe(false);
  });
});

describe('orders list', () => {
  it('searches by the digits of an order number', () => {
    expect(normalizeOrderSearch('#12 3')).toBe('123');
    expect(normalizeOrderSearch('abc')).toBe('');
  });

  it('shows 6 orders per page', () => {
    const orders = Array.from({ length: 14 }, (_, index) => index);
    expect(visibleOrders(orders, 1)).toEqual({ shown: [0, 1, 2, 3, 4, 5], hasMore: true });
    expect(visibleOrders(orders, 2).shown).toHaveLength(12);
    expect(visibleOrders(orders, 3)).toEqual({ shown: orders, hasMore: false });
    expect(visibleOrders([], 1)).toEqual({ shown: [], hasMore: false });
  });

  it('sums up identical items with a count', () => {
    const items = [codeItem(1, 'Razer Gold', 10, 10.29), codeItem(2, 'Razer Gold', 10, 10.29), codeItem(3, 'Apple Gift Card', 5, 5.39), topupItem];
    expect(itemSummary(items, createFormat('en').amount)).toBe('Razer Gold 10\u00a0USD × 2, Apple Gift Card 5\u00a0USD, 100 Diamonds');
    const groups = groupItems(items, createFormat('en').amount);
    expect(groups.map((group) => [group.count, group.amount])).toEqual([
      [2, 20.58],
      [1, 5.39],
      [1, 1.99],
    ]);
  });
});

it('names a PUBG top-up by its UC in the shopper\'s language, not by the English name the server stored', () => {
  const pubg: OrderItem = {
    ...topupItem,
    game_amount: 1920,
    topup_data: { service: 'pubg', player_id: '5123457', offer_id: -1, offer_name: 'PUBG Topup 1920 UC', login: '5123457' },
  };
  expect(itemSummary([pubg], createFormat('ru').amount)).toBe('PUBG Mobile 1\u00a0920\u00a0UC');
  expect(itemSummary([pubg], createFormat('uz').amount)).toBe('PUBG Mobile 1\u00a0920\u00a0UC');
  expect(groupItems([pubg], createFormat('en').amount)[0]?.title).toBe('PUBG Mobile 1,920\u00a0UC');
});

it('tells codes of another region or unit apart, and names both', () => {
  const europe = { unit: 'EUR', region: { code: 'EU', name: 'Европа' } };
  const turkey = { unit: 'TRY', region: { code: 'TR', name: 'Турция' } };
  const items = [codeItem(1, 'Steam', 25, 20, undefined, europe), codeItem(2, 'Steam', 25, 20, undefined, turkey), codeItem(3, 'Steam', 25, 20, undefined, europe)];
  expect(itemSummary(items, (value, unit) => `<${value} ${unit}>`)).toBe('Steam <25 EUR> (Европа) × 2, Steam <25 TRY> (Турция)');
});

describe('order detail', () => {
  it('lists delivered codes and one guide per product', () => {
    const order = { items: [codeItem(1, 'Razer Gold', 10, 10.29, 'AAA-1'), codeItem(2, 'Razer Gold', 10, 10.29, 'AAA-2'), topupItem] };
    expect(deliveredCodes(order).map((code) => code.code)).toEqual(['AAA-1', 'AAA-2']);
    expect(activationGuides(order)).toEqual([{ title: 'Razer Gold', instructions: 'Redeem Razer Gold', activatedInStore: false }]);
    expect(deliveredCodes({ items: [codeItem(1, 'Razer Gold', 10, 10.29)] })).toEqual([]);
  });

  it('reads what a top-up went to', () => {
    expect(topupDetails(topupItem.topup_data)).toEqual({ service: 'freefire', game: '', account: '123456', fields: [], playerName: 'Player3456', packageAmounts: [], payoutRub: null });
    expect(topupDetails({ service: 'steam', login: 'gabe_fan', player_id: 'gabe_fan', offer_name: 'Steam 10 USD' })?.account).toBe('gabe_fan');
    expect(topupDetails(null)).toBeNull();
  });

  it("reads the roubles a Steam amount entered in USD or KZT was paid out as, and nothing for one entered in RUB", () => {
    const steam = { service: 'steam', login: 'gabe_fan', amount: 10, price_rub: 790, price_usd: 10 };
    expect(topupDetails({ ...steam, input_currency: 'usd' })?.payoutRub).toBe(790);
    expect(topupDetails({ ...steam, amount: 5000, price_rub: 822.79, input_currency: 'kzt' })?.payoutRub).toBe(822.79);
    expect(topupDetails({ ...steam, amount: 790, input_currency: 'rub' })?.payoutRub).toBeNull();
  });

  it('reads a game described as data: its title, and each field the shopper filled with its label', () => {
    const data = {
      service: 'mobile-legends',
      player_id: '512345678',
      login: '512345678',
      // As Postgres keeps them: shorter keys first.
      fields: { zone_id: '2001', player_id: '512345678' },
      field_values: [
        { key: 'player_id', label: "O'yinchi ID", value: '512345678' },
        { key: 'zone_id', label: 'Zona ID', value: '2001' },
      ],
      game_title: 'Mobile Legends',
      offer_name: '86 olmos',
    };
    expect(topupDetails(data)).toEqual({
      service: 'mobile-legends',
      game: 'Mobile Legends',
      account: '512345678',
      fields: [
        { label: "O'yinchi ID", value: '512345678' },
        { label: 'Zona ID', value: '2001' },
      ],
      playerName: '',
      packageAmounts: [],
      payoutRub: null,
    });
    expect(orderGameTitle({ items: [{ ...topupItem, topup_data: data }] })).toBe('Mobile Legends');
    expect(orderGameTitle({ items: [topupItem] })).toBe('');
  });
});
