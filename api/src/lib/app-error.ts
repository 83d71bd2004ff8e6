import { ErrorCode } from '@topup/common';
import { AppError } from '@topup/server-kit';

// The ledger in the server kit throws AppError too, so the API answers its refusals like its own.
export { AppError };

/**
 * A refusal to retry later (429, 503): answered with a `Retry-After` header in whole seconds (at least
 * 1), which the details repeat for clients that cannot read headers.
 */
export class RetryLaterError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(status: number, code: ErrorCode, message: string, retryAfterSeconds: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super(status, code, message, { retryAfterSeconds: seconds });
    this.name = 'RetryLaterError';
    this.retryAfterSeconds = seconds;
  }
}

export const notFound = (what = 'Resource') => new AppError(404, ErrorCode.NOT_FOUND, `${what} not found`);
export const unauthorized = (message = 'Authentication required') =>
  new AppError(401, ErrorCode.UNAUTHORIZED, message);
export const forbidden = (message = 'You do not have access to this resource') =>
  new AppError(403, ErrorCode.FORBIDDEN, message);
export const validationFailed = (message: string, details?: unknown) =>
  new AppError(400, ErrorCode.VALIDATION_FAILED, message, details);
