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

/** What a low-stock threshold applies to; `default` is every stock line without a threshold of its own. */
export const STOCK_THRESHOLD_TARGETS = ['default', 'product', 'pubg', 'freefire'] as const;
export type StockThresholdTarget = (typeof STOCK_THRESHOLD_TARGETS)[number];

/** The default low-stock threshold before an admin changes it: fewer than 10 sellable is low stock. */
export const DEFAULT_LOW_STOCK_THRESHOLD = 10;

/** The wholesale suppliers the store can buy top-ups from (docs/architecture.md, "Suppliers"); 'sandbox' only pretends. */
export const SUPPLIER_KINDS = ['sandbox', 'seagm', 'moogold', 'smartglocal'] as const;
export type SupplierKind = (typeof SUPPLIER_KINDS)[number];

/**
 * Where an attempt at a supplier stands: 'creating' (sent, no answer known: looked up by our reference before
 * anything else), 'pending' (the supplier took it and has not finished), 'succeeded', 'failed' (for good).
 */
export const SUPPLIER_ORDER_STATUSES = ['creating', 'pending', 'succeeded', 'failed'] as const;
export type SupplierOrderStatus = (typeof SUPPLIER_ORDER_STATUSES)[number];
