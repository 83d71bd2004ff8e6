import type { Knex } from 'knex';
import type { OrderNotice } from '@topup/common/api';
import type { Logger } from '../../logger';
import type { Payment, RowOf } from '../../models';
import type { CatalogueChanges } from '../catalogue/catalogue-changes';
import { flagForOperator } from '../orders/order-attention';
import { lockOrder, refundedByGateway, type LockedOrder } from '../orders/order-lifecycle';
import { applyPaid, awaitsPayment, declineUnpaid } from '../payments/gateway-calls';
import { stockDal } from '../stock/stock.dal';
import { paymeDal } from './payme.dal';
import {
  CANCELLED_BY_TIMEOUT,
  PAYME_ACCOUNT_FIELD,
  PAYME_CANCEL_REASONS,
  PAYME_TRANSACTION_TIMEOUT_MS,
  PaymeError,
  PaymeErrorCode,
  PaymeState,
  type PaymeTransactionRow,
} from './payme-protocol';

/** The methods Payme calls, each with its params as received. */
export const PAYME_METHODS = ['CheckPerformTransaction', 'CreateTransaction', 'PerformTransaction', 'CancelTransaction', 'CheckTransaction', 'GetStatement'] as const;
export type PaymeMethod = (typeof PAYME_METHODS)[number];

type Params = Record<string, unknown>;

/** A param of the type the method's documentation gives it, else -32600 naming it. */
const param = {
  id(params: Params): string {
    const value = params.id;
    if (typeof value !== 'string' || value.length === 0 || value.length > 64) throw new PaymeError(PaymeErrorCode.INVALID_REQUEST, 'id');
    return value;
  },
  /** Timestamp: milliseconds, 13 digits. */
  time(params: Params, name: string): number {
    const value = params[name];
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new PaymeError(PaymeErrorCode.INVALID_REQUEST, name);
    return value;
  },
  /** Amount: a positive integer of tiyin. */
  amount(params: Params): number {
    const value = params.amount;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) throw new PaymeError(PaymeErrorCode.INVALID_REQUEST, 'amount');
    return value;
  },
  account(params: Params): Record<string, unknown> {
    const value = params.account;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new PaymeError(PaymeErrorCode.INVALID_REQUEST, 'account');
    return value as Record<string, unknown>;
  },
  reason(params: Params): number {
    const value = params.reason;
    if (typeof value !== 'number' || !(PAYME_CANCEL_REASONS as readonly number[]).includes(value)) throw new PaymeError(PaymeErrorCode.INVALID_REQUEST, 'reason');
    return value;
  },
};

/** The order an account names (`order_id`, a number or its digits); -31050 naming the field when it names none. */
function orderIdOf(account: Record<string, unknown>): number {
  const value = account[PAYME_ACCOUNT_FIELD];
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const id = /^\d{1,15}$/.test(text) ? Number(text) : 0;
  if (!Number.isSafeInteger(id) || id <= 0) throw new PaymeError(PaymeErrorCode.ORDER_NOT_FOUND, PAYME_ACCOUNT_FIELD);
  return id;
}

/** What the store answers as "transaction": its own number of it. */
const transactionOf = (row: PaymeTransactionRow) => String(row.id);

/** A transaction as CheckTransaction reports it, and each of GetStatement's ends with. */
const checkedFields = (row: PaymeTransactionRow) => ({
  create_time: row.create_time,
  perform_time: row.perform_time,
  cancel_time: row.cancel_time,
  transaction: transactionOf(row),
  state: row.state,
  reason: row.reason,
});

const timedOut = (row: PaymeTransactionRow, now: number) => now - row.create_time > PAYME_TRANSACTION_TIMEOUT_MS;

/**
 * The store's side of Payme's Merchant API (docs/architecture.md, "Payme"). Every method runs in one
 * transaction on the order locked first, so two calls about one order (a repeat, a second transaction,
 * a cancel racing a perform) run one after the other. A transaction the store cancels on its own (not
 * performed within Payme's 12 hours, or after the order stopped waiting for it) is committed cancelled
 * before the method answers -31008, so every later call reads it cancelled.
 */
export function createPaymeMerchantService(deps: { db: Knex; logger: Logger; catalogueChanges: CatalogueChanges }) {
  const { db, logger, catalogueChanges } = deps;

  /** Locks the order of a transaction and the transaction (in that order, as every method does); -31003 when Payme names none. */
  async function lockTransaction(trx: Knex.Transaction, paymeId: string): Promise<{ row: PaymeTransactionRow; order: LockedOrder }> {
    const found = await paymeDal.transaction(trx, paymeId);
    if (!found) throw new PaymeError(PaymeErrorCode.TRANSACTION_NOT_FOUND, 'id');
    const order = await lockOrder(trx, found.order_id);
    const row = await paymeDal.transaction(trx, paymeId, { lock: true });
    if (!order || !row) throw new Error(`Payme transaction ${paymeId} lost its order`);
    return { row, order };
  }

  /** The order an account names, locked, with its Payme payment, if it can be paid `amount` now; else the documented error. */
  async function payableOrder(trx: Knex.Transaction, amount: number, account: Record<string, unknown>) {
    const orderId = orderIdOf(account);
    const order = await lockOrder(trx, orderId);
    const payment = order && (await paymeDal.orderPayment(trx, orderId));
    if (!order || !payment) throw new PaymeError(PaymeErrorCode.ORDER_NOT_FOUND, PAYME_ACCOUNT_FIELD);
    if (!awaitsPayment(order, payment)) throw new PaymeError(PaymeErrorCode.ORDER_NOT_PAYABLE, PAYME_ACCOUNT_FIELD);
    if (amount !== payment.amount) throw new PaymeError(PaymeErrorCode.WRONG_AMOUNT, 'amount');
    return { order, payment };
  }

  /**
   * Cancels a created transaction (-1) with `reason`, and the order it was paying if that still waits:
   * its codes go back on sale and its lines back into the cart.
   */
  async function cancelCreated(trx: Knex.Transaction, row: PaymeTransactionRow, order: LockedOrder, reason: number): Promise<PaymeTransactionRow> {
    const cancelled = await paymeDal.update(trx, row.id, { state: PaymeState.CANCELLED, cancel_time: Date.now(), reason });
    const expired = reason === CANCELLED_BY_TIMEOUT;
    await declineUnpaid(trx, order, catalogueChanges, {
      notice: { code: expired ? 'PAYMENT_EXPIRED' : 'PAYME_DECLINED', params: {} },
      paymentStatus: expired ? 'expired' : 'declined',
      facts: { paymentId: row.payment_id, provider: 'payme', transaction: row.payme_id, reason },
    });
    return cancelled;
  }

  /** A created transaction that can no longer be performed (past Payme's 12 hours, or its order stopped waiting) is cancelled by timeout. */
  async function settleStale(trx: Knex.Transaction, row: PaymeTransactionRow, order: LockedOrder): Promise<PaymeTransactionRow> {
    if (row.state !== PaymeState.CREATED) return row;
    const payment = await paymeDal.orderPayment(trx, order.id);
    if (!timedOut(row, Date.now()) && payment && awaitsPayment(order, payment)) return row;
    logger.info({ orderId: order.id, transaction: row.payme_id }, 'Payme transaction not performed in time: cancelled');
    return cancelCreated(trx, row, order, CANCELLED_BY_TIMEOUT);
  }

  /**
   * Payme gave a performed payment back (-2): the payment is refunded in full, the order ends refunded
   * like a card refund. A delivered code or top-up cannot be taken back, and an order the store had
   * already refunded is now refunded twice: either is flagged for an operator.
   */
  async function refundPerformed(trx: Knex.Transaction, row: PaymeTransactionRow, order: LockedOrder, reason: number): Promise<PaymeTransactionRow> {
    const cancelled = await paymeDal.update(trx, row.id, { state: PaymeState.CANCELLED_AFTER_PERFORM, cancel_time: Date.now(), reason });
    const payment = (await trx('payments').where({ id: row.payment_id }).forUpdate().first()) as RowOf<Payment>;
    await trx('payments').where({ id: payment.id }).update({ status: 'refunded', refunded_amount: payment.amount, updated_at: trx.fn.now() });
    await trx('payment_refunds').insert({
      payment_id: payment.id,
      order_id: order.id,
      amount: payment.amount,
      currency: payment.currency,
      order_amount: order.total,
      status: 'succeeded',
      provider_refund_id: `${row.payme_id}:cancel`,
      reason: `Refunded by Payme (CancelTransaction, reason ${reason})`,
      settled_at: trx.fn.now(),
    });
    const facts = { cause: 'payme_refund', transaction: row.payme_id, reason };
    if (order.status === 'processing' || order.status === 'completed') {
      const delivered = order.status === 'completed' || (await stockDal.countSold(trx, order.id)) > 0;
      const notice: OrderNotice = { code: 'STORE_REFUNDED', params: { refund: { amount: order.total, currency: order.currency }, refundTo: 'card' } };
      await refundedByGateway(trx, order, { amount: order.total, reference: `payme:${row.payme_id}:cancel` }, notice);
      if (delivered) await flagForOperator(trx, order.id, 'Payme refunded the payment after the order was delivered: what was delivered cannot be taken back', facts);
    } else {
      await flagForOperator(trx, order.id, `Payme refunded the payment of an order that is ${order.status}: the shopper may have been refunded twice`, facts);
    }
    logger.warn({ orderId: order.id, transaction: row.payme_id, reason }, 'Payme refunded a performed transaction');
    return cancelled;
  }

  /** Runs `work` in one transaction; a PaymeError it returns (rather than throws) is thrown after the commit, so what it changed stays. */
  async function committed<T>(work: (trx: Knex.Transaction) => Promise<T | PaymeError>): Promise<T> {
    const outcome = await db.transaction(work);
    if (outcome instanceof PaymeError) throw outcome;
    return outcome;
  }

  const methods: Record<PaymeMethod, (params: Params) => Promise<unknown>> = {
    // developer.help.paycom.uz, "CheckPerformTransaction": allow, or -31001 / -31050...-31099.
    CheckPerformTransaction: (params) => {
      const amount = param.amount(params);
      const account = param.account(params);
      return db.transaction(async (trx) => {
        const { order } = await payableOrder(trx, amount, account);
        if (await paymeDal.liveTransactionOf(trx, order.id)) throw new PaymeError(PaymeErrorCode.ORDER_HAS_ANOTHER_TRANSACTION, PAYME_ACCOUNT_FIELD);
        return { allow: true };
      });
    },

    // "CreateTransaction": a repeat answers the transaction as created; one past 12 hours is cancelled
    // (reason 4) and -31008; a second transaction for the order is an account error.
    CreateTransaction: (params) => {
      const paymeId = param.id(params);
      const time = param.time(params, 'time');
      const amount = param.amount(params);
      const account = param.account(params);
      return committed(async (trx) => {
        if (await paymeDal.transaction(trx, paymeId)) {
          const { row, order } = await lockTransaction(trx, paymeId);
          if (row.state !== PaymeState.CREATED) return new PaymeError(PaymeErrorCode.CANNOT_PERFORM, 'id');
          if (timedOut(row, Date.now())) {
            await cancelCreated(trx, row, order, CANCELLED_BY_TIMEOUT);
            return new PaymeError(PaymeErrorCode.CANNOT_PERFORM, 'id');
          }
          return { create_time: row.create_time, transaction: transactionOf(row), state: row.state };
        }
        const { order, payment } = await payableOrder(trx, amount, account);
        if (await paymeDal.liveTransactionOf(trx, order.id)) return new PaymeError(PaymeErrorCode.ORDER_HAS_ANOTHER_TRANSACTION, PAYME_ACCOUNT_FIELD);
        const row = await paymeDal.insert(trx, {
          payme_id: paymeId,
          order_id: order.id,
          payment_id: payment.id,
          payme_time: time,
          amount,
          account,
          create_time: Date.now(),
        });
        logger.info({ orderId: order.id, transaction: paymeId }, 'Payme transaction created');
        return { create_time: row.create_time, transaction: transactionOf(row), state: row.state };
      });
    },

    // "PerformTransaction": the money is taken; the order goes to fulfilment. A repeat answers the same;
    // a cancelled transaction, or one that can no longer be performed, is -31008.
    PerformTransaction: (params) => {
      const paymeId = param.id(params);
      return committed(async (trx) => {
        const locked = await lockTransaction(trx, paymeId);
        const { order } = locked;
        const row = await settleStale(trx, locked.row, order);
        if (row.state === PaymeState.PERFORMED) return { transaction: transactionOf(row), perform_time: row.perform_time, state: row.state };
        if (row.state !== PaymeState.CREATED) return new PaymeError(PaymeErrorCode.CANNOT_PERFORM, 'id');
        const performed = await paymeDal.update(trx, row.id, { state: PaymeState.PERFORMED, perform_time: Date.now() });
        await applyPaid(trx, order, { paymentId: row.payment_id, provider: 'payme', transaction: paymeId, amount: row.amount });
        logger.info({ orderId: order.id, transaction: paymeId }, 'Payme payment performed; order sent to fulfilment');
        return { transaction: transactionOf(performed), perform_time: performed.perform_time, state: performed.state };
      });
    },

    // "CancelTransaction": a created one becomes -1 (the order cancelled), a performed one -2 (Payme
    // refunded it); a repeat answers the cancellation already made.
    CancelTransaction: (params) => {
      const paymeId = param.id(params);
      const reason = param.reason(params);
      return committed(async (trx) => {
        const { row, order } = await lockTransaction(trx, paymeId);
        const cancelled =
          row.state === PaymeState.CREATED
            ? await cancelCreated(trx, row, order, reason)
            : row.state === PaymeState.PERFORMED
              ? await refundPerformed(trx, row, order, reason)
              : row;
        return { transaction: transactionOf(cancelled), cancel_time: cancelled.cancel_time, state: cancelled.state };
      });
    },

    // "CheckTransaction": the transaction's times (0 when not yet), state and reason (null when none).
    CheckTransaction: (params) => {
      const paymeId = param.id(params);
      return committed(async (trx) => {
        const locked = await lockTransaction(trx, paymeId);
        const row = await settleStale(trx, locked.row, locked.order);
        return checkedFields(row);
      });
    },

    // "GetStatement": every transaction created from `from` to `to` inclusive, by Payme's time, oldest first.
    GetStatement: async (params) => {
      const from = param.time(params, 'from');
      const to = param.time(params, 'to');
      const rows = await paymeDal.createdBetween(db, from, to);
      return {
        transactions: rows.map((row) => ({ id: row.payme_id, time: row.payme_time, amount: row.amount, account: row.account, ...checkedFields(row) })),
      };
    },
  };

  return {
    /** Runs one method; throws PaymeError for the documented errors. */
    call: (method: PaymeMethod, params: Params): Promise<unknown> => methods[method](params),
  };
}

export type PaymeMerchantService = ReturnType<typeof createPaymeMerchantService>;
