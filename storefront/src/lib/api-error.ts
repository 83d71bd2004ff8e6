/**
 * Every failed API call becomes an ApiError, as the specification's error catalogue says:
 * code    = response error.code, else UNEXPECTED_ERROR
 * message = error.message, else the error string, else the transport message, else 'Unexpected error'
 * details = error.details, else the body's `errors` field
 * status  = HTTP status, 0 when no response arrived
 */
export const UNEXPECTED_ERROR = 'UNEXPECTED_ERROR';
export const DEFAULT_ERROR_MESSAGE = 'Unexpected error';

export class ApiError extends Error {
  readonly code: string;
  readonly details: unknown;
  readonly status: number;

  constructor(init: { code: string; message: string; details?: unknown; status: number }) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.details = init.details;
    this.status = init.status;
  }

  /** No response arrived (offline, DNS, connection refused, aborted). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

export interface FailedCall {
  /** HTTP status; 0 or undefined when the request never got a response. */
  status?: number;
  /** Parsed response body (JSON) or raw text, when any. */
  body?: unknown;
  /** Transport-level message: the thrown error's message or "Request failed with status 500". */
  transportMessage?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

export function normalizeApiError(call: FailedCall): ApiError {
  const body = isRecord(call.body) ? call.body : undefined;
  const error = body?.error;
  const errorObject = isRecord(error) ? error : undefined;

  const code = nonEmptyString(errorObject?.code) ?? UNEXPECTED_ERROR;
  const message =
    nonEmptyString(errorObject?.message) ??
    nonEmptyString(error) ??
    nonEmptyString(call.transportMessage) ??
    DEFAULT_ERROR_MESSAGE;
  const details = errorObject?.details ?? body?.errors;
  const status = typeof call.status === 'number' && Number.isFinite(call.status) ? call.status : 0;

  return new ApiError({ code, message, details, status });
}

/** Any thrown value as an ApiError (an ApiError passes through unchanged). */
export function toApiError(value: unknown): ApiError {
  if (value instanceof ApiError) return value;
  const transportMessage = value instanceof Error ? value.message : nonEmptyString(value);
  return normalizeApiError({ status: 0, transportMessage });
}

/** Worth retrying: no response, a server failure, a timeout or rate limit. Client errors are final. */
export function isRetryableError(value: unknown): boolean {
  const error = toApiError(value);
  return error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429;
}
