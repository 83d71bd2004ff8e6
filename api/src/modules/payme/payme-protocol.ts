import type { PaymeTransaction, RowOf } from '../../models';
/**
 * Payme's Merchant API as its documentation writes it (developer.help.paycom.uz, "Методы Merchant API"):
 * JSON-RPC over HTTP POST, every answer HTTP 200 with `result` or `error`, times in milliseconds,
 * amounts in tiyin, transaction states and cancel reasons as numbers, and error messages in ru, uz and en.
 */

/** A transaction's state ("Состояния транзакций"). */
export const PaymeState = {
  CREATED: 1,
  PERFORMED: 2,
  CANCELLED: -1,
  CANCELLED_AFTER_PERFORM: -2,
} as const;
export type PaymeState = (typeof PaymeState)[keyof typeof PaymeState];

/** Why a transaction was cancelled ("Причины отмены транзакции"): Payme sends 1-5 and 10; the store cancels by timeout. */
export const PAYME_CANCEL_REASONS = [1, 2, 3, 4, 5, 10] as const;
export const CANCELLED_BY_TIMEOUT = 4;

/** A created transaction not performed within 12 hours is cancelled ("CreateTransaction", "Отмена по таймауту"). */
export const PAYME_TRANSACTION_TIMEOUT_MS = 43_200_000;

/** Localized text, as every Payme error message must be. */
export interface PaymeMessage {
  ru: string;
  uz: string;
  en: string;
}

/** The error codes the store answers with ("Ошибки (ERRORS)"). */
export const PaymeErrorCode = {
  /** The request is not a POST. */
  NOT_POST: -32300,
  /** The body is not JSON. */
  PARSE_ERROR: -32700,
  /** Required fields missing, or of the wrong type. */
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  /** Wrong or missing authorization. */
  INSUFFICIENT_PRIVILEGE: -32504,
  SYSTEM_ERROR: -32400,
  WRONG_AMOUNT: -31001,
  TRANSACTION_NOT_FOUND: -31003,
  CANNOT_PERFORM: -31008,
  /** -31050 ... -31099: the account (the order) is wrong; the data names the account field. */
  ORDER_NOT_FOUND: -31050,
  ORDER_NOT_PAYABLE: -31051,
  ORDER_HAS_ANOTHER_TRANSACTION: -31052,
} as const;
export type PaymeErrorCode = (typeof PaymeErrorCode)[keyof typeof PaymeErrorCode];

const MESSAGES: Record<PaymeErrorCode, PaymeMessage> = {
  [PaymeErrorCode.NOT_POST]: { ru: 'Метод запроса должен быть POST', uz: "So'rov usuli POST bo'lishi kerak", en: 'The request method must be POST' },
  [PaymeErrorCode.PARSE_ERROR]: { ru: 'Ошибка разбора JSON', uz: 'JSON tahlilida xato', en: 'The request is not valid JSON' },
  [PaymeErrorCode.INVALID_REQUEST]: {
    ru: 'Не хватает обязательных полей или тип полей неверен',
    uz: "Majburiy maydonlar yetishmaydi yoki maydon turi noto'g'ri",
    en: 'Required fields are missing or of the wrong type',
  },
  [PaymeErrorCode.METHOD_NOT_FOUND]: { ru: 'Метод не найден', uz: 'Usul topilmadi', en: 'Method not found' },
  [PaymeErrorCode.INSUFFICIENT_PRIVILEGE]: {
    ru: 'Недостаточно привилегий для выполнения метода',
    uz: "Usulni bajarish uchun huquqlar yetarli emas",
    en: 'Insufficient privileges to perform this method',
  },
  [PaymeErrorCode.SYSTEM_ERROR]: { ru: 'Системная ошибка', uz: 'Tizim xatosi', en: 'System error' },
  [PaymeErrorCode.WRONG_AMOUNT]: { ru: 'Неверная сумма', uz: "Noto'g'ri summa", en: 'Wrong amount' },
  [PaymeErrorCode.TRANSACTION_NOT_FOUND]: { ru: 'Транзакция не найдена', uz: 'Tranzaksiya topilmadi', en: 'Transaction not found' },
  [PaymeErrorCode.CANNOT_PERFORM]: {
    ru: 'Невозможно выполнить операцию',
    uz: "Amalni bajarib bo'lmaydi",
    en: 'The operation cannot be performed',
  },
  [PaymeErrorCode.ORDER_NOT_FOUND]: { ru: 'Заказ не найден', uz: 'Buyurtma topilmadi', en: 'Order not found' },
  [PaymeErrorCode.ORDER_NOT_PAYABLE]: {
    ru: 'Заказ уже оплачен, отменён или срок его оплаты истёк',
    uz: "Buyurtma allaqachon to'langan, bekor qilingan yoki to'lov muddati tugagan",
    en: 'The order is already paid, cancelled or past its payment deadline',
  },
  [PaymeErrorCode.ORDER_HAS_ANOTHER_TRANSACTION]: {
    ru: 'Заказ уже оплачивается другой транзакцией',
    uz: "Buyurtma boshqa tranzaksiya orqali to'lanmoqda",
    en: 'The order is already being paid by another transaction',
  },
};

/** An answer of `error`: thrown by a method, written by the endpoint. */
export class PaymeError extends Error {
  override name = 'PaymeError';
  readonly localized: PaymeMessage;
  constructor(
    readonly code: PaymeErrorCode,
    /** What the error is about: the account field (`order_id`) for -31050...-31099, else a field or method name. */
    readonly data?: string,
  ) {
    super(MESSAGES[code].en);
    this.localized = MESSAGES[code];
  }
}

/** The account field the store's Payme cash desk asks for: the order number. */
export const PAYME_ACCOUNT_FIELD = 'order_id';

/** The transaction's times and state as CheckTransaction and GetStatement report them. */
export type PaymeTransactionRow = RowOf<PaymeTransaction>;
