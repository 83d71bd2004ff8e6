/** The text to show for a failed call: the API's message (httpClient puts it on the error), else react-admin's generic one. */
export function errorMessage(error: unknown): string {
  if (typeof error === 'string' && error.trim()) return error;
  if (error instanceof Error && error.message.trim()) return error.message;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message.trim()) {
    return error.message;
  }
  return 'ra.notification.http_error';
}

/** useNotify options that show an API message verbatim (it is not a translation key). */
export function errorNotification(error: unknown) {
  const message = errorMessage(error);
  return [message, { type: 'error' as const, messageArgs: { _: message } }] as const;
}
