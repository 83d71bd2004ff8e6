import type { Knex } from 'knex';
import { steamPayoutRub, toMinor, usdToUzsMinor, type OrderCurrency } from '@topup/common';
import type { OrderNotice } from '@topup/common/api';
import type { CodeCrypto } from '@topup/server-kit';
import type { Logger } from '../../logger';
import type { OrderItem, RowOf } from '../../models';
import type { GameAccount, GameProvider, ProviderOutcome, RejectionReason } from '../../providers/game';
import { gamesDal } from '../games/games.dal';
import {
  completeWithRefund,
  deliveryRefundReference,
  failWithRefund,
  lockOrder,
  markCompleted,
  raiseAttention,
  type LockedOrder,
  type Undelivered,
} from '../orders/order-lifecycle';
import { recordOrderEvent } from '../orders/order-events';
import { pricedUsdUzsRate } from '../orders/balance-equivalent';
import type { RefundDestination } from '../payments/refunds';
import { stockDal, type RedeemedCode } from '../stock/stock.dal';
import { topupDal } from '../topup/topup.dal';
import { WAITING_FOR_BALANCE } from '../suppliers/supplier-balances';
import type { StoredTopupData } from '../topup/topup.service';
import { createSupplierCredit, SupplierOrderPendingError, type CreditResult, type SupplierProviders } from './supplier-credit';

/** Why a top-up could not be delivered: the player's account refused, every source declined, or no code left in the stock to replace a rejected one. */
type UndeliveredReason = 'player_not_found' | 'declined' | 'out_of_codes';

/** A refusal as the shopper is told of it: their account, or (any other reason) the top-up declined. */
const undeliveredReason = (reason: RejectionReason): UndeliveredReason => (reason === 'player_not_found' ? 'player_not_found' : 'declined');

/** Bounds one run: every step uses up or rejects a code, so this is only reached by a broken invariant. */
const MAX_PUBG_STEPS = 500;

const NOTICE_CODES = { player_not_found: 'TOPUP_PLAYER_NOT_FOUND', declined: 'TOPUP_DECLINED', out_of_codes: 'PUBG_OUT_OF_CODES' } as const;

/** What the shopper is told of a top-up that failed (or was only partly delivered): money in minor units. */
function undeliveredNotice(
  data: StoredTopupData,
  reason: UndeliveredReason,
  refund: number,
  currency: OrderCurrency,
  destination: RefundDestination,
  deliveredUc = 0,
): OrderNotice {
  return {
    code: NOTICE_CODES[reason],
    params: {
      game: data.service,
      account: data.player_id,
      refund: { amount: refund, currency },
      refundTo: destination,
      deliveredUc,
    },
  };
}

/**
 * Delivery of paid top-up orders, called by fulfilment for an order still 'processing'. Idempotent
 * and safe to run twice at once or again after a crash:
 * - the game is called outside any transaction, with an idempotency key naming the credit
 *   (`order:<id>`, or `order:<id>:code:<codeId>` per code redeemed), so a repeat never credits twice;
 * - each answer is recorded in a short transaction that locks the order and first checks it is
 *   still being fulfilled;
 * - a definite refusal refunds the balance on the ledger (`order:<id>:refund`) and fails the order;
 * - a transient failure (GameProviderUnavailableError) is thrown for the queue to retry.
 */
export function createTopupDelivery(deps: { db: Knex; games: GameProvider; suppliers: SupplierProviders; codeCrypto: CodeCrypto; logger: Logger }) {
  const { db, games, codeCrypto, logger } = deps;
  const supplierCredit = createSupplierCredit({ db, logger, providers: deps.suppliers });

  /**
   * One call to the game. A call that fails before any answer (the provider unreachable) is recorded
   * on the order's timeline in a short transaction of its own, then thrown for the queue to retry.
   */
  async function callGame(orderId: number, call: () => Promise<ProviderOutcome>, facts: Record<string, unknown>): Promise<ProviderOutcome> {
    try {
      return await call();
    } catch (err) {
      const detail = err instanceof Error ? err.message : String(err);
      await db.transaction(async (trx) => {
        const order = await lockOrder(trx, orderId);
        if (order?.status === 'processing') await recordOrderEvent(trx, orderId, 'delivery_attempt', { ...facts, outcome: 'unavailable', detail });
      });
      throw err;
    }
  }

  /** The game's answer to one call, as the order's timeline keeps it. */
  const recordAnswer = (trx: Knex.Transaction, orderId: number, outcome: ProviderOutcome, facts: Record<string, unknown>) =>
    recordOrderEvent(
      trx,
      orderId,
      'delivery_attempt',
      outcome.status === 'rejected'
        ? { ...facts, outcome: 'rejected', reason: outcome.reason, detail: outcome.detail }
        : { ...facts, outcome: 'succeeded', reference: outcome.reference },
    );

  async function complete(trx: Knex.Transaction, order: LockedOrder, itemId: number, reference?: string): Promise<void> {
    await topupDal.setProviderStatus(trx, itemId, 'succeeded', reference);
    await markCompleted(trx, order, 'system');
    logger.info({ orderId: order.id }, 'Top-up order fulfilled');
  }

  /**
   * Refunds what was not delivered and ends the order with a notice to the shopper: failed, or
   * completed when some UC were delivered. The money goes back to the card it was paid with when the
   * shop refunds failed card top-ups there (a back-office setting) and the payment can be refunded;
   * otherwise to the balance.
   */
  async function refund(
    trx: Knex.Transaction,
    order: LockedOrder,
    data: StoredTopupData,
    reason: UndeliveredReason,
    undelivered: { amount: number; deliveredUc: number },
  ): Promise<void> {
    // 'card' as a destination means back through the gateway, to the card or the SBP account it came from.
    const toCard = order.payment_method !== 'balance' && (await topupDal.failedCardTopupRefundTo(trx)) === 'card';
    const closing: Undelivered = {
      refund: {
        amount: undelivered.amount,
        destinations: toCard ? ['card', 'balance'] : ['balance'],
        reference: deliveryRefundReference(order.id),
        cardReason: 'The top-up could not be delivered',
      },
      explain: (destination) => [undeliveredNotice(data, reason, undelivered.amount, order.currency, destination, undelivered.deliveredUc)],
    };
    const destination =
      undelivered.deliveredUc > 0
        ? await completeWithRefund(trx, order, closing)
        : (await failWithRefund(trx, order, 'fail', 'system', closing)).destination;
    logger.warn({ orderId: order.id, reason, refunded: undelivered.amount, destination }, 'Top-up order not delivered: refunded');
  }

  /**
   * The account the order credits, as the game's fields in the game's order (jsonb keeps no order of
   * keys): those sent with it, else the one account of the specification's shapes as the game's first
   * field (a Steam login, a player id).
   */
  async function accountOf(data: StoredTopupData): Promise<GameAccount> {
    const game = await gamesDal.gameOfSlug(db, data.service);
    const keys = game?.fields.map((field) => field.key) ?? ['player_id'];
    const { fields } = data;
    if (!fields) return { game: data.service, fields: [{ key: keys[0] ?? 'player_id', value: data.player_id }] };
    const ordered = [...keys.filter((key) => key in fields), ...Object.keys(fields).filter((key) => !keys.includes(key))];
    return { game: data.service, fields: ordered.map((key) => ({ key, value: fields[key] ?? '' })) };
  }

  /** The denomination a top-up's offer names within its game (its item id, else its id); undefined for a game priced from an amount. */
  async function denominationOf(data: StoredTopupData): Promise<number | undefined> {
    if (data.denomination_id !== undefined) return data.denomination_id;
    if (data.amount !== undefined) return undefined;
    const row = await db('game_denominations as d')
      .join('games as g', 'g.id', 'd.game_id')
      .join('products as p', 'p.id', 'g.product_id')
      .where('p.slug', data.service)
      .whereRaw('coalesce(d.item_id, d.id) = ?', [data.offer_id])
      .first<{ id: number } | undefined>('d.id');
    return row?.id;
  }

  /** A pending supplier order ends the run with SupplierOrderPendingError: the job waits and asks the supplier again later; the order stays processing. */
  function stillPending(orderId: number, result: CreditResult): void {
    if (result.kind === 'pending') throw new SupplierOrderPendingError(`Order ${orderId}: a supplier order is still pending`);
  }

  /**
   * No source is left and one was short of balance: the order stays processing, never refunded nor lost,
   * flagged for a person until a balance comes back and sends it to delivery again (docs/architecture.md,
   * "Supplier balances"). Resolves to whether the credit waits.
   */
  async function waitForBalance(orderId: number, result: CreditResult): Promise<boolean> {
    if (result.kind !== 'waiting_for_balance') return false;
    await db.transaction(async (trx) => {
      const order = await lockOrder(trx, orderId);
      if (order && (await raiseAttention(trx, order, `${WAITING_FOR_BALANCE} every source of the top-up is short of balance`))) {
        logger.warn({ orderId }, 'Top-up waits for a supplier balance');
      }
    });
    return true;
  }

  /**
   * A denomination (or, for a game priced from an amount, the amount in RUB: steamPayoutRub) credited by its
   * supplier sources: one credit for the whole item.
   */
  async function deliverDirect(orderId: number, item: RowOf<OrderItem>, data: StoredTopupData): Promise<void> {
    const result = await supplierCredit.credit({
      orderId,
      itemId: item.id,
      packageIndex: null,
      denominationId: await denominationOf(data),
      request: {
        account: await accountOf(data),
        offer:
          data.amount !== undefined
            ? { id: data.offer_id, amount: steamPayoutRub({ ...data, amount: data.amount }), unit: 'RUB' }
            : { id: data.offer_id, amount: item.game_amount ?? 0, unit: data.unit ?? '' },
      },
    });
    stillPending(orderId, result);
    if (await waitForBalance(orderId, result)) return;
    await db.transaction(async (trx) => {
      const order = await lockOrder(trx, orderId);
      if (!order || order.status !== 'processing') return;
      if (result.kind === 'credited') {
        await complete(trx, order, item.id, result.reference);
        return;
      }
      if (result.kind !== 'refused') return;
      logger.info({ orderId, reason: result.reason }, 'Top-up refused by every source');
      await refund(trx, order, data, undeliveredReason(result.reason), { amount: order.total, deliveredUc: 0 });
    });
  }

  /**
   * What an order of packages has not delivered, priced in the order currency: the packages the game did
   * not credit (`credited`: their indexes) and those without a used code. In UZS, their USD prices
   * converted once at the order's rate, as UZS prices are. Of an order promotions or a promo code
   * discounted, only the share paid of their list prices (docs/architecture.md, "Promo codes").
   */
  function undeliveredPubg(
    data: StoredTopupData,
    codes: RedeemedCode[],
    order: Pick<LockedOrder, 'currency' | 'rate_usd_uzs' | 'total' | 'discount' | 'promotion_discount'>,
    credited: ReadonlySet<number>,
  ) {
    const { currency } = order;
    const used = new Map<number, number>();
    for (const code of codes) if (code.status === 'used') used.set(code.denomination_id, (used.get(code.denomination_id) ?? 0) + 1);
    let undeliveredList = 0;
    let deliveredUc = 0;
    for (const [index, pkg] of (data.packages ?? []).entries()) {
      const left = pkg.delivered_by ? 0 : (used.get(pkg.denomination_id) ?? 0);
      if (credited.has(index)) {
        deliveredUc += pkg.uc_amount;
      } else if (left > 0) {
        used.set(pkg.denomination_id, left - 1);
        deliveredUc += pkg.uc_amount;
      } else {
        undeliveredList += toMinor(currency === 'rub' ? pkg.price_rub : pkg.price_usd);
      }
    }
    const discounts = order.discount + order.promotion_discount;
    let amount = undeliveredList;
    if (currency === 'uzs') amount = Math.min(order.total + discounts, usdToUzsMinor(undeliveredList, pricedUsdUzsRate(order)));
    if (discounts > 0) amount = Math.min(order.total, amount - Math.round((amount * discounts) / (order.total + discounts)));
    return { amount, deliveredUc };
  }

  type PubgStep = { done: true } | { done: false; code: RedeemedCode };

  /**
   * Under the order lock: makes sure every package holds a code (a rejected one is replaced by the
   * next available code of its package), then picks the next reserved code to redeem. Completes the
   * order when all are used; refunds when a package has no code left.
   */
  function nextPubgStep(orderId: number, item: RowOf<OrderItem>, data: StoredTopupData, credited: ReadonlySet<number>): Promise<PubgStep> {
    return db.transaction(async (trx): Promise<PubgStep> => {
      const order = await lockOrder(trx, orderId);
      if (!order || order.status !== 'processing') return { done: true };
      const codes = await stockDal.redeemedFor(trx, orderId);
      const needed = new Map<number, number>();
      for (const pkg of data.packages ?? []) if (!pkg.delivered_by) needed.set(pkg.denomination_id, (needed.get(pkg.denomination_id) ?? 0) + 1);
      for (const [denominationId, count] of needed) {
        const held = codes.filter(
          (code) => code.denomination_id === denominationId && (code.status === 'reserved' || code.status === 'used'),
        ).length;
        if (held >= count) continue;
        const replacements = await stockDal.takeForDenomination(trx, denominationId, count - held);
        if (replacements.length < count - held) {
          await refund(trx, order, data, 'out_of_codes', undeliveredPubg(data, codes, order, credited));
          return { done: true };
        }
        await stockDal.reserve(
          trx,
          orderId,
          replacements.map((code) => code.id),
          null,
        );
        codes.push(...replacements.map((code): RedeemedCode => ({ ...code, status: 'reserved' })));
        logger.info({ orderId, denominationId, codes: replacements.map((code) => code.number) }, 'PUBG code replaced');
      }
      const next = codes.find((code) => code.status === 'reserved');
      if (next) return { done: false, code: next };
      await complete(trx, order, item.id);
      return { done: true };
    });
  }

  /**
   * The packages its supplier sources credit (their code-stock source had no code), each a credit of its own,
   * so a run again credits nothing twice. Resolves to the indexes credited, or undefined when the order ended
   * (a refusal refunded what was not delivered); throws while a supplier order is pending.
   */
  async function creditPackages(orderId: number, item: RowOf<OrderItem>, data: StoredTopupData, account: GameAccount): Promise<Set<number> | undefined> {
    const credited = new Set<number>();
    for (const [index, pkg] of (data.packages ?? []).entries()) {
      if (!pkg.delivered_by) continue;
      const result = await supplierCredit.credit({
        orderId,
        itemId: item.id,
        packageIndex: index,
        denominationId: pkg.denomination_id,
        request: { account, offer: { id: pkg.denomination_id, amount: pkg.uc_amount, unit: 'UC' } },
      });
      stillPending(orderId, result);
      if (result.kind === 'ended' || (await waitForBalance(orderId, result))) return undefined;
      if (result.kind === 'credited') {
        credited.add(index);
        continue;
      }
      if (result.kind !== 'refused') continue;
      await db.transaction(async (trx) => {
        const order = await lockOrder(trx, orderId);
        if (!order || order.status !== 'processing') return;
        await refund(trx, order, data, undeliveredReason(result.reason), undeliveredPubg(data, await stockDal.redeemedFor(trx, orderId), order, credited));
      });
      return undefined;
    }
    return credited;
  }

  /** Packages (PUBG's shape): those of the game provider credited first, then one code redeemed per package, one at a time, each under its own idempotency key. */
  async function deliverFromCodes(orderId: number, item: RowOf<OrderItem>, data: StoredTopupData): Promise<void> {
    const account = await accountOf(data);
    const credited = await creditPackages(orderId, item, data, account);
    if (!credited) return;
    for (let step = 0; step < MAX_PUBG_STEPS; step += 1) {
      const next = await nextPubgStep(orderId, item, data, credited);
      if (next.done) return;
      const { code } = next;
      // The code is named by its number (the id the back office shows), in its key as well: a credit asked before the one code stock keeps its key.
      const facts = { game: data.service, pubgCodeId: code.number };
      const outcome = await callGame(
        orderId,
        () => games.redeemCode({ account, code: codeCrypto.decrypt(code.code_encrypted), idempotencyKey: `order:${orderId}:code:${code.number}` }),
        facts,
      );
      await db.transaction(async (trx) => {
        const order = await lockOrder(trx, orderId);
        if (!order || order.status !== 'processing') return;
        await recordAnswer(trx, orderId, outcome, facts);
        if (outcome.status !== 'rejected') {
          if (await stockDal.markRedeemed(trx, orderId, code.id)) {
            await topupDal.appendProviderReference(trx, item.id, outcome.reference);
          }
          return;
        }
        if (outcome.reason === 'invalid_code') {
          await stockDal.markRejected(trx, orderId, code.id, `Rejected by the game: ${outcome.detail}`);
          logger.warn({ orderId, codeId: code.number, detail: outcome.detail }, 'Code rejected by the game: marked error');
          return;
        }
        logger.info({ orderId, reason: outcome.reason, detail: outcome.detail }, 'Top-up from codes refused by the game');
        const codes = await stockDal.redeemedFor(trx, orderId);
        await refund(trx, order, data, undeliveredReason(outcome.reason), undeliveredPubg(data, codes, order, credited));
      });
    }
    throw new Error(`Order ${orderId}: delivery from codes did not finish within ${MAX_PUBG_STEPS} steps`);
  }

  return {
    /** Delivers a top-up order; returns once it is completed or failed, throws to be retried. */
    receiveNotice: supplierCredit.receiveNotice,

    async deliver(orderId: number): Promise<void> {
      const item = await topupDal.topupItemOf(db, orderId);
      if (!item) {
        logger.error({ orderId }, 'Top-up order without a top-up item: left for an operator');
        return;
      }
      const data = item.topup_data as unknown as StoredTopupData;
      if (data.packages) await deliverFromCodes(orderId, item, data);
      else await deliverDirect(orderId, item, data);
    },
  };
}

export type TopupDelivery = ReturnType<typeof createTopupDelivery>;
