import { useTranslation } from 'react-i18next';
import { BoltIcon } from '../ui/icons/bolt-icon';

interface TopUpButtonProps {
  onClick: () => void;
  disabled: boolean;
  /** A player check is running: the button shows a spinner and its processing label. */
  busy: boolean;
}

/** The game pages' final "Top up now" button. */
export function TopUpButton({ onClick, disabled, busy }: TopUpButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn btn--primary btn--lg btn--block"
      onClick={onClick}
      disabled={disabled}
      aria-busy={busy || undefined}
    >
      {busy ? <span className="spinner" aria-hidden="true" /> : <BoltIcon size={20} />}
      {busy ? t('games.processing') : t('games.top_up_now')}
    </button>
  );
}
