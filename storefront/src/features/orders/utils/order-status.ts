import { fromMinor, ORDERS_PAGE_SIZE, steamPayoutRub, toMinor, type OrderStatus } from '@topup/common';
import type { Order, OrderDetail, OrderItem } from '@topup/common/api';
import type { Format } from '../../../lib/format';
import { pubgOfferName } from '../../../utils/pubg-offer-name';

export type StatusLabelKey = 'orders.status.in_processing' | 'orders.status.completed' | 'orders.status.failed' | 'orders.status.cancelled';
export type StatusTone = 'progress' | 'success' | 'danger' | 'muted';

/**
 * How shoppers see an order's status: pending (awaiting payment) and processing (paid,
 * being delivered) both read "in processing"; completed, failed and cancelled as they are.
 */
export function statusDisplay(status: OrderStatus | string): { key: StatusLabelKey; tone: StatusTone } {
  switch (status) {
    case 'completed':
      return { key: 'orders.status.completed', tone: 'success' };
    case 'failed':
      return { key: 'orders.status.failed', tone: 'danger' };
    case 'cancelled':
      return { key: 'orders.status.cancelled', tone: 'muted' };
    default:
      return { key: 'orders.status.in_processing', tone: 'progress' };
  }
}

/** Nothing more will happen to the order by itself. */
export function isSettled(status: OrderStatus | string): boolean {
  return status === 'completed' || status === 'failed' || status === 'cancelled';
}

/** The order page keeps looking while the order or one of its refunds can still change by itself. */
export function keepsChanging(order: Pick<Order, 'status'> & Partial<Pick<OrderDetail, 'refunds'>>): boolean {
  return !isSettled(order.status) || (order.refunds ?? []).some((refund) => refund.status === 'pending');
}

/** What an order search box may hold: the digits of an order number ("#123" finds order 123). */
export function normalizeOrderSearch(input: string): string {
  return input.replace(/\D+/g, '').slice(0, 19);
}

/** How many orders "show more" reveals at a time. */
export const ORDERS_PER_PAGE = ORDERS_PAGE_SIZE;

/** The first `pages` pages of the list, and whether more remain. */
export function visibleOrders<T>(orders: readonly T[], pages: number): { shown: T[]; hasMore: boolean } {
  const count = Math.max(1, Math.trunc(pages)) * ORDERS_PER_PAGE;
  return { shown: orders.slice(0, count), hasMore: orders.length > count };
}

/** The name of what an item delivers: the product, or the top-up's offer (a PUBG one by its UC, in the shopper's language). */
export function itemTitle(item: Pick<OrderItem, 'product' | 'topup_data' | 'game_amount'>, writeAmount: Format['amount']): string {
  if (item.product?.title) return item.product.title;
  if (isPubgPackages(item.topup_data) && item.game_amount !== null) return pubgOfferName(item.game_amount, writeAmount);
  const offer = item.topup_data?.offer_name;
  return typeof offer === 'string' ? offer : '';
}

/** A PUBG top-up of packages (offer_id -1), whose stored offer name is the server's English one. */
function isPubgPackages(data: OrderItem['topup_data']): boolean {
  return data?.service === 'pubg' && data.offer_id === -1;
}

export interface ItemGroup {
  key: string;
  title: string;
  gameAmount: number | null;
  /** What the amount counts (UC, EUR …), '' when the item does not say. */
  unit: string;
  /** The region the codes work in, null for global ones. */
  region: OrderItem['region'];
  count: number;
  /** Decimal sum of the group's items, in the order currency. */
  amount: number;
  item: OrderItem;
}

/** Identical items (same product, region, amount and price) as one line with a count, in order of appearance. */
export function groupItems(items: readonly OrderItem[], writeAmount: Format['amount']): ItemGroup[] {
  const groups = new Map<string, ItemGroup>();
  for (const item of items) {
    const title = itemTitle(item, writeAmount);
    const key = item.item_type === 'topup' ? `topup:${item.id}` : `${title}|${item.region?.code ?? ''}|${item.game_amount ?? ''}|${item.amount}`;
    const group = groups.get(key);
    if (group) {
      group.count += 1;
      group.amount = fromMinor(toMinor(group.amount) + toMinor(item.amount));
    } else {
      groups.set(key, { key, title, gameAmount: item.game_amount, unit: item.unit ?? '', region: item.region, count: 1, amount: item.amount, item });
    }
  }
  return [...groups.values()];
}

/** What a code item holds, with its unit: "25 EUR", "1 920 UC"; '' for a top-up or an item without an amount. */
export function amountWithUnit(group: Pick<ItemGroup, 'gameAmount' | 'unit' | 'item'>, writeAmount: Format['amount']): string {
  if (group.item.item_type !== 'code' || group.gameAmount === null) return '';
  return writeAmount(group.gameAmount, group.unit);
}

/**
 * A short line about what an order holds, for its card in the list: "Razer Gold 10 USD × 2, Steam
 * Gift Card 25 EUR (Европа)" (a code works only in its region).
 */
export function itemSummary(items: readonly OrderItem[], writeAmount: Format['amount']): string {
  return groupItems(items, writeAmount)
    .map((group) => {
      const amount = amountWithUnit(group, writeAmount);
      const region = group.region ? ` (${group.region.name})` : '';
      return `${group.title}${amount ? ` ${amount}` : ''}${region}${group.count > 1 ? ` × ${group.count}` : ''}`;
    })
    .join(', ');
}

export interface DeliveredCode {
  itemId: number;
  title: string;
  gameAmount: number | null;
  unit: string;
  region: OrderItem['region'];
  code: string;
  /** Set once the code was activated on the store's Activate tab (a Free Fire code), with the player it went to. */
  activation: { at: string; playerId: string } | null;
}

/** The activation codes of a completed order, in item order. */
export function deliveredCodes(order: Pick<OrderDetail, 'items'>): DeliveredCode[] {
  return order.items.flatMap((item) =>
    item.code?.code
      ? [
          {
            itemId: item.id,
            title: item.product?.title ?? '',
            gameAmount: item.game_amount,
            unit: item.unit ?? '',
            region: item.region,
            code: item.code.code,
            activation: item.code.activatedAt ? { at: item.code.activatedAt, playerId: item.code.activatedPlayerId ?? '' } : null,
          },
        ]
      : [],
  );
}

/** The product whose codes the store itself activates, on its page's Activate tab. */
export const STORE_ACTIVATED_PRODUCT = 'freefire';

export interface ActivationGuide {
  title: string;
  /** The product's own instructions; for a code the store activates, its Activate tab's steps are shown instead. */
  instructions: string;
  activatedInStore: boolean;
}

/** Activation instructions once per product, for the products of the order that have any (or whose codes the store activates). */
export function activationGuides(order: Pick<Order, 'items'>): ActivationGuide[] {
  const seen = new Map<string, ActivationGuide>();
  for (const item of order.items) {
    if (!item.product || seen.has(item.product.title)) continue;
    const activatedInStore = item.item_type === 'code' && item.product.slug === STORE_ACTIVATED_PRODUCT;
    const instructions = item.product.activation_instructions.trim();
    if (instructions || activatedInStore) seen.set(item.product.title, { title: item.product.title, instructions, activatedInStore });
  }
  return [...seen.values()];
}

export interface TopupDetails {
  service: string;
  /** The title of a game described as data, in the shopper's language ('' for the specification's three). */
  game: string;
  /** The account credited: the player id, or the Steam login. */
  account: string;
  /** A game described as data: every field the shopper filled, labelled in their language, in the game's order. */
  fields: Array<{ label: string; value: string }>;
  playerName: string;
  /** The UC of each PUBG package delivered, largest first ([660, 60]); empty for any other top-up. */
  packageAmounts: number[];
  /** A Steam amount entered in USD or KZT: the roubles (decimal) paid into the wallet for it, at the order's rate; else null. */
  payoutRub: number | null;
}

/** What a Steam wallet was paid in RUB for an amount entered in another currency (steamPayoutRub), or null. */
function payoutRubOf(data: Record<string, unknown>): number | null {
  const { amount, input_currency: currency, price_rub: priceRub } = data;
  if (typeof amount !== 'number' || typeof priceRub !== 'number' || typeof currency !== 'string' || currency === 'rub') return null;
  return fromMinor(steamPayoutRub({ amount, input_currency: currency, price_rub: priceRub }));
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/** The labelled field values the server adds to a game described as data (`field_values`). */
function labelledFields(value: unknown): Array<{ label: string; value: string }> {
  if (!Array.isArray(value)) return [];
  return value
    .map((field: unknown) => (typeof field === 'object' && field !== null ? field : {}) as Record<string, unknown>)
    .map((field) => ({ label: text(field.label), value: text(field.value) }))
    .filter((field) => field.label && field.value);
}

/**
 * What a top-up item went to: service, player id or login (or, for a game described as data, each of
 * its fields with its label: a player id and its zone), the verified name.
 */
export function topupDetails(data: Record<string, unknown> | null): TopupDetails | null {
  if (!data) return null;
  const service = text(data.service);
  return {
    service,
    game: text(data.game_title),
    account: text(service === 'steam' ? (data.login ?? data.player_id) : (data.player_id ?? data.login)),
    fields: labelledFields(data.field_values),
    playerName: text(data.player_name),
    packageAmounts: (Array.isArray(data.packages) ? (data.packages as unknown[]) : [])
      .map((pkg) => (typeof pkg === 'object' && pkg !== null ? (pkg as { uc_amount?: unknown }).uc_amount : undefined))
      .filter((amount): amount is number => typeof amount === 'number' && amount > 0)
      .sort((a, b) => b - a),
    payoutRub: payoutRubOf(data),
  };
}

/** The title an order's top-up carries for a game described as data, in the shopper's language, else ''. */
export function orderGameTitle(order: Pick<Order, 'items'>): string {
  return text(order.items.find((item) => item.item_type === 'topup')?.topup_data?.game_title);
}
