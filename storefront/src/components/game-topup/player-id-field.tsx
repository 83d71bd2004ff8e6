import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecentPlayer } from '../../lib/recent-players';
import { Field } from '../ui/field';
import { AlertIcon } from '../ui/icons/alert-icon';
import { SearchIcon } from '../ui/icons/search-icon';
import { RecentPlayers } from './recent-players';
import { VerifiedPlayer } from './verified-player';
import styles from './player-id-field.module.css';

interface PlayerIdFieldProps {
  value: string;
  onChange: (value: string) => void;
  onFind: () => void;
  /** A check is running: the Find button shows its processing label. */
  finding: boolean;
  /** The nickname verified for the current id, shown in a green box. */
  verifiedName: string | null;
  /** Why the current id could not be verified ("player not found"), shown under the field in place of the hint. */
  error: string | null;
  /** The accounts checked here before: picking one fills the field and checks it again. */
  recent: readonly RecentPlayer[];
  onPick: (player: RecentPlayer) => void;
  hint?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** Player ID with a Find button (Enter in the field finds too), the recent accounts, and the verified nickname or why there is none. */
export function PlayerIdField({ value, onChange, onFind, finding, verifiedName, error, recent, onPick, hint, inputRef }: PlayerIdFieldProps) {
  const { t } = useTranslation();
  const ids = { input: useId(), hint: useId(), verified: useId() };
  const describedBy = [hint || error ? ids.hint : null, verifiedName ? ids.verified : null].filter(Boolean).join(' ') || undefined;

  return (
    <Field id={ids.input} label={t('games.player_id')}>
      <div className={styles.row}>
        <input
          ref={inputRef}
          id={ids.input}
          className={`input ${styles.input}`}
          value={value}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          placeholder={t('games.player_id_placeholder')}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              if (!finding) onFind();
            }
          }}
        />
        <button type="button" className={`btn ${styles.find}`} onClick={onFind} disabled={finding} aria-busy={finding || undefined}>
          {finding ? <span className="spinner" aria-hidden="true" /> : <SearchIcon size={18} />}
          {finding ? t('games.finding') : t('games.find')}
        </button>
      </div>
      {error ? (
        <p id={ids.hint} className="field__error" role="alert" data-testid="player-id-error">
          <AlertIcon size={16} />
          {error}
        </p>
      ) : (
        hint && (
          <p id={ids.hint} className="field__hint">
            {hint}
          </p>
        )
      )}
      <RecentPlayers players={recent} onPick={onPick} disabled={finding} />
      <VerifiedPlayer id={ids.verified} name={verifiedName} />
    </Field>
  );
}
