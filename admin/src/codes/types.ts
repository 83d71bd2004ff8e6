import type { CodeStatus } from '@topup/common';

/** A manual activation code as the back office reads it (docs/admin-api.md, Codes); `code` comes masked. */
export interface AdminCode {
  id: number;
  productId: number;
  productTitle: string;
  /** null: a global code. */
  regionId: number | null;
  regionName: string | null;
  code: string;
  gameAmount: number;
  priceUsd: number;
  priceRub: number;
  status: CodeStatus;
  popular: boolean;
  orderId: number | null;
  soldAt: string | null;
  createdAt: string;
}

/** The region choice that stands for "global" (no region) in selects and filters, as the API's filter has it. */
export const GLOBAL_REGION = 0;
