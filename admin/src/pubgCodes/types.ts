import type { PubgCodeStatus } from '@topup/common';

/** A PUBG UC code as the back office reads it (docs/admin-api.md, PUBG); `code` comes masked. */
export interface PubgCode {
  id: number;
  denominationId: number;
  code: string;
  ucAmount: number;
  priceUsd: number;
  priceRub: number;
  status: PubgCodeStatus;
  errorMessage: string | null;
  created: string;
  denomination: { id: number; ucAmount: number };
}
