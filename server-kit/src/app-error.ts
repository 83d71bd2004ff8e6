import type { ErrorCode } from '@topup/common';

/** An expected failure: answered with its status and the API's error body (ErrorBody, common/src/api/contract.ts). */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}
