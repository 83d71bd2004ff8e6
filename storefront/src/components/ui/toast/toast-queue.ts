/** Notification rules: at most 3 at once, auto-hide after 5 s unless told otherwise. */
export const MAX_TOASTS = 3;
export const DEFAULT_TOAST_DURATION = 5000;
/** Login and register success notices hide sooner. */
export const SHORT_TOAST_DURATION = 3000;

export type ToastKind = 'success' | 'error' | 'warning' | 'info';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  duration: number;
  action?: ToastAction;
}

/** Adds a toast, dropping the oldest ones beyond the limit; an identical visible message is replaced. */
export function pushToast(list: readonly Toast[], toast: Toast, max = MAX_TOASTS): Toast[] {
  const withoutDuplicate = list.filter((item) => !(item.kind === toast.kind && item.message === toast.message));
  return [...withoutDuplicate, toast].slice(-max);
}
