import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from './icons/close-icon';
import styles from './dialog.module.css';

/**
 * A modal dialog on the native <dialog> element: the browser keeps focus inside it, makes the rest of
 * the page inert, and closes it on Escape. A click on the backdrop closes it too.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  icon,
  tone = 'neutral',
  dismissible = true,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: string;
  children?: ReactNode;
  icon?: ReactNode;
  tone?: 'neutral' | 'danger' | 'success';
  /** false while something is being sent: Escape, the backdrop and the close button do nothing. */
  dismissible?: boolean;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    if (open && !dialog.open) {
      dialog.showModal();
      // The element marked data-autofocus (else the browser's pick: the first focusable one).
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
      document.body.classList.add('no-scroll');
    } else if (!open && dialog.open) {
      dialog.close();
    }
    if (!open) return undefined;
    return () => document.body.classList.remove('no-scroll');
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${styles[tone]}`}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        // Escape: the parent decides, so its state stays the source of truth.
        event.preventDefault();
        if (dismissible) onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget && dismissible) onClose();
      }}
    >
      {open && (
        <div className={styles.panel}>
          <div className={styles.head}>
            {icon && (
              <span className={styles.icon} aria-hidden="true">
                {icon}
              </span>
            )}
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            <button
              type="button"
              className={`btn btn--ghost btn--icon ${styles.close}`}
              onClick={onClose}
              disabled={!dismissible}
              aria-label={t('common.close')}
            >
              <CloseIcon size={20} />
            </button>
          </div>
          {description && (
            <p id={descriptionId} className={styles.description}>
              {description}
            </p>
          )}
          {children}
        </div>
      )}
    </dialog>
  );
}

/** Asks before something that cannot be undone; focus starts on the safe choice, cancel. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  tone = 'danger',
  icon,
}: {
  open: boolean;
  title: string;
  description?: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  tone?: 'neutral' | 'danger';
  icon?: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onCancel} title={title} description={description} tone={tone} icon={icon}>
      <div className={styles.actions}>
        {/* Enter right after opening never destroys anything. */}
        <button type="button" className="btn" onClick={onCancel} data-autofocus>
          {cancelLabel}
        </button>
        <button type="button" className={`btn ${tone === 'danger' ? 'btn--danger' : 'btn--primary'}`} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
