import { ErrorCode } from '@topup/common';

/** An expected failure: answered with its status and DESIGN.md's error body. */
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

export const notFound = (what = 'Resource') => new AppError(404, ErrorCode.NOT_FOUND, `${what} not found`);
export const unauthorized = (message = 'Authentication required') =>
  new AppError(401, ErrorCode.UNAUTHORIZED, message);
export const forbidden = (message = 'You do not have access to this resource') =>
  new AppError(403, ErrorCode.FORBIDDEN, message);
export const validationFailed = (message: string, details?: unknown) =>
  new AppError(400, ErrorCode.VALIDATION_FAILED, message, details);
