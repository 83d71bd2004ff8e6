/*
 * Back-office words shared by the API and the back office. The records themselves are the answers'
 * schemas in `@topup/common/api` (common/src/api/admin-*.ts).
 */

export const PRODUCT_CATEGORIES = ['topup', 'gift_card'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export const GENERATION_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];
