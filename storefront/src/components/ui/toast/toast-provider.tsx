import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TOAST_DURATION, pushToast, type Toast, type ToastAction, type ToastKind } from './toast-queue';
import styles from './toast.module.css';

// Most visits show no toast: its code loads with the first one, while the region is there from the start.
const ToastItem = lazy(() => import('./toast-item'));

interface ToastOptions {
  duration?: number;
  action?: ToastAction;
}

type Notify = (message: string, options?: ToastOptions) => number;

export interface ToastApi {
  success: Notify;
  error: Notify;
  warning: Notify;
  info: Notify;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

let nextToastId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);

  const dismiss = useCallback((id: number) => {
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const api = useMemo<ToastApi>(() => {
    const show =
      (kind: ToastKind): Notify =>
      (message, options = {}) => {
        const id = nextToastId++;
        const toast: Toast = { id, kind, message, duration: options.duration ?? DEFAULT_TOAST_DURATION, action: options.action };
        setToasts((list) => pushToast(list, toast));
        return id;
      };
    return { success: show('success'), error: show('error'), warning: show('warning'), info: show('info'), dismiss };
  }, [dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastViewport toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast must be used inside <ToastProvider>');
  return context;
}

function ToastViewport({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <section className={styles.viewport} aria-label={t('toast.region')}>
      {/* Oldest first, the newest nearest the corner; errors interrupt, the rest wait their turn. */}
      <Suspense fallback={null}>
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
        ))}
      </Suspense>
    </section>
  );
}
