import type { CodeStatus } from '@topup/common';

/** A generated Free Fire code as the back office reads it (docs/admin-api.md); `code` comes masked. */
export interface GeneratedCode {
  id: number;
  denominationId: number;
  denominationName: string;
  productId: number;
  code: string;
  gameAmount: number;
  priceUsd: number;
  priceRub: number;
  status: CodeStatus;
  published: boolean;
  generationRequestId: string | null;
  orderId: number | null;
  activatedPlayerId: string | null;
  createdAt: string;
}

export const GENERATION_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];

/** A code-generation request and its progress. */
export interface GenerationRequest {
  id: string;
  denominationId: number;
  denominationName?: string;
  count: number;
  generated: number;
  status: GenerationStatus;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}
