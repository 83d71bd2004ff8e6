/** The API's error body: `{ error: { code, message, details } }`. */
export interface ApiErrorBody {
  error?: { code?: string; message?: string; details?: unknown } | string;
  errors?: unknown;
}

/** The most useful message in an error body, else the fallback. */
export function errorBodyMessage(body: unknown, fallback: string): string {
  if (!body || typeof body !== 'object') return fallback;
  const { error } = body as ApiErrorBody;
  if (typeof error === 'string' && error.trim()) return error;
  if (error && typeof error === 'object' && typeof error.message === 'string' && error.message.trim()) return error.message;
  return fallback;
}

export function errorBodyCode(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const { error } = body as ApiErrorBody;
  return error && typeof error === 'object' && typeof error.code === 'string' ? error.code : undefined;
}
