import type { Knex } from 'knex';
import type { Logger } from '../../logger';
import type { CatalogueChanges } from '../catalogue/catalogue-changes';
import { lockOrder, type LockedOrder } from '../orders/order-lifecycle';
import { applyPaid, awaitsPayment, declineUnpaid } from '../payments/gateway-calls';
import { clickDal, type ClickTransactionRow } from './click.dal';
import { ClickError, ClickErrorCode, ClickState, type ClickCall } from './click-protocol';

/** The order merchant_trans_id names (the payment page's transaction_param): its digits; -5 when it names none. */
function orderIdOf(call: ClickCall): number {
  const text = call.merchantTransId.trim();
  const id = /^\d{1,15}$/.test(text) ? Number(text) : 0;
  if (!Number.isSafeInteger(id) || id <= 0) throw new ClickError(ClickErrorCode.ORDER_NOT_FOUND);
  return id;
}

/** An order its payment already reached (being delivered, delivered, or refunded since). */
const wasPaid = (order: LockedOrder) => order.status === 'processing' || order.status === 'completed' || order.status === 'failed';

/** Why a paid or closed order takes no attempt: -4 once paid, -9 once cancelled or past its hold. */
const closedOrderError = (order: LockedOrder): ClickError =>
  new ClickError(wasPaid(order) ? ClickErrorCode.ALREADY_PAID : ClickErrorCode.TRANSACTION_CANCELLED);

/**
 * The store's side of Click's SHOP API (docs/architecture.md, "Click"). Each call runs in one transaction
 * on the order locked first, so a repeat, a second attempt and an expiry about one order run one after
 * the other. An attempt the store cancels (Click reported its failure, or its order stopped waiting) is
 * committed cancelled before the call answers -9, so every later call reads it cancelled.
 */
export function createClickShopService(deps: { db: Knex; logger: Logger; catalogueChanges: CatalogueChanges }) {
  const { db, logger, catalogueChanges } = deps;

  /** Runs `work` in one transaction; a ClickError it returns (rather than throws) is thrown after the commit, so what it changed stays. */
  async function committed<T>(work: (trx: Knex.Transaction) => Promise<T | ClickError>): Promise<T> {
    const outcome = await db.transaction(work);
    if (outcome instanceof ClickError) throw outcome;
    return outcome;
  }

  /**
   * Cancels a prepared attempt, and the order it was paying if that still waits: its hold released as at
   * expiry. `expired`: the hold had ended before Click completed it.
   */
  async function cancelAttempt(
    trx: Knex.Transaction,
    row: ClickTransactionRow,
    order: LockedOrder,
    cause: { error: number; error_note: string },
    expired = false,
  ): Promise<ClickError> {
    await clickDal.cancel(trx, row.id, cause);
    await declineUnpaid(trx, order, catalogueChanges, {
      notice: { code: expired ? 'PAYMENT_EXPIRED' : 'CLICK_DECLINED', params: {} },
      paymentStatus: expired ? 'expired' : 'declined',
      facts: { paymentId: row.payment_id, provider: 'click', transaction: String(row.click_trans_id), error: cause.error, errorNote: cause.error_note },
    });
    logger.info({ orderId: order.id, transaction: row.click_trans_id, error: cause.error }, 'Click payment cancelled');
    return new ClickError(ClickErrorCode.TRANSACTION_CANCELLED, row.id);
  }

  /** A repeated call about an attempt already decided answers as the first did: -4 completed, -9 cancelled. */
  const decided = (row: ClickTransactionRow) =>
    new ClickError(row.state === ClickState.COMPLETED ? ClickErrorCode.ALREADY_PAID : ClickErrorCode.TRANSACTION_CANCELLED, row.id);

  return {
    /**
     * Prepare (action 0): checks the order can be paid this amount now and records the attempt; answers
     * its merchant_prepare_id. A repeat of a prepared attempt answers the same id.
     */
    prepare: (call: ClickCall): Promise<number> =>
      db.transaction(async (trx) => {
        const orderId = orderIdOf(call);
        const order = await lockOrder(trx, orderId);
        const payment = order && (await clickDal.orderPayment(trx, orderId));
        if (!order || !payment) throw new ClickError(ClickErrorCode.ORDER_NOT_FOUND);
        const known = await clickDal.find(trx, { click_trans_id: call.clickTransId }, { lock: true });
        if (known) {
          if (known.order_id !== orderId) throw new ClickError(ClickErrorCode.TRANSACTION_NOT_FOUND);
          if (known.state !== ClickState.PREPARED) throw decided(known);
          if (call.amount !== known.amount) throw new ClickError(ClickErrorCode.INCORRECT_AMOUNT, known.id);
          return known.id;
        }
        if (!awaitsPayment(order, payment)) throw closedOrderError(order);
        if (call.amount !== payment.amount) throw new ClickError(ClickErrorCode.INCORRECT_AMOUNT);
        const row = await clickDal.insert(trx, {
          click_trans_id: call.clickTransId,
          click_paydoc_id: call.clickPaydocId,
          order_id: orderId,
          payment_id: payment.id,
          amount: call.amount,
        });
        logger.info({ orderId, transaction: call.clickTransId }, 'Click payment prepared');
        return row.id;
      }),

    /**
     * Complete (action 1): Click took the money (error 0) and the order goes to fulfilment, answering the
     * merchant_confirm_id; or Click reports the payment failed (error < 0) and the attempt and its order
     * are cancelled, answering -9. A repeat answers as the first call did.
     */
    complete: (call: ClickCall): Promise<number> =>
      committed(async (trx) => {
        const orderId = orderIdOf(call);
        const order = await lockOrder(trx, orderId);
        if (!order) return new ClickError(ClickErrorCode.ORDER_NOT_FOUND);
        const row = await clickDal.find(trx, { id: call.merchantPrepareId ?? 0 }, { lock: true });
        if (!row || row.click_trans_id !== call.clickTransId || row.order_id !== orderId) return new ClickError(ClickErrorCode.TRANSACTION_NOT_FOUND);
        if (call.amount !== row.amount) return new ClickError(ClickErrorCode.INCORRECT_AMOUNT, row.id);
        if (call.error < 0) {
          if (row.state !== ClickState.PREPARED) return decided(row);
          return cancelAttempt(trx, row, order, { error: call.error, error_note: call.errorNote.slice(0, 500) });
        }
        if (call.error > 0) return new ClickError(ClickErrorCode.BAD_REQUEST, row.id);
        if (row.state === ClickState.COMPLETED) return row.id;
        if (row.state === ClickState.CANCELLED) return decided(row);
        const payment = await clickDal.orderPayment(trx, orderId);
        if (!payment || payment.id !== row.payment_id || !awaitsPayment(order, payment)) {
          if (wasPaid(order)) return new ClickError(ClickErrorCode.ALREADY_PAID, row.id);
          // The hold ended (expired now, or by the expiry job before): Click gives this attempt's money back on -9.
          return cancelAttempt(trx, row, order, { error: ClickErrorCode.TRANSACTION_CANCELLED, error_note: 'The order was not paid in time' }, true);
        }
        await clickDal.complete(trx, row.id);
        await applyPaid(trx, order, { paymentId: row.payment_id, provider: 'click', transaction: String(row.click_trans_id), amount: row.amount });
        logger.info({ orderId, transaction: row.click_trans_id }, 'Click payment completed; order sent to fulfilment');
        return row.id;
      }),
  };
}

export type ClickShopService = ReturnType<typeof createClickShopService>;
