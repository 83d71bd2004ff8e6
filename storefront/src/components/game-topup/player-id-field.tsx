import { useId, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../ui/field';
import { SearchIcon } from '../ui/icons/search-icon';
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
  hint?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/** Player ID with a Find button (Enter in the field finds too) and the verified nickname. */
export function PlayerIdField({ value, onChange, onFind, finding, verifiedName, hint, inputRef }: PlayerIdFieldProps) {
  const { t } = useTranslation();
  const ids = { input: useId(), hint: useId(), verified: useId() };
  const describedBy = [hint ? ids.hint : null, verifiedName ? ids.verified : null].filter(Boolean).join(' ') || undefined;

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
      {hint && (
        <p id={ids.hint} className="field__hint">
          {hint}
        </p>
      )}
      <VerifiedPlayer id={ids.verified} name={verifiedName} />
    </Field>
  );
}
