/*
 * Back-office words shared by the API and the back office. The records themselves are the answers'
 * schemas in `@topup/common/api` (common/src/api/admin-*.ts).
 */

export const PRODUCT_CATEGORIES = ['topup', 'gift_card'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export const GENERATION_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

/** Longest reason an admin gives for a balance change. */
export const ADJUSTMENT_REASON_MAX_LENGTH = 500;

/** Longest note an admin keeps on a customer. */
export const USER_NOTE_MAX_LENGTH = 2000;

/** Longest note an admin can attach to a refund (it reaches the ledger and the shopper's order). */
export const REFUND_NOTE_MAX_LENGTH = 500;

/** Where a failed delivery of a card-paid top-up is refunded automatically: the balance, or back to the card. */
export const FAILED_CARD_TOPUP_REFUND_TARGETS = ['balance', 'card'] as const;
