import { useId, type HTMLAttributes } from 'react';
import { CloseIcon } from './icons/close-icon';
import { SearchIcon } from './icons/search-icon';
import styles from './search-box.module.css';

interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder: string;
  clearLabel: string;
  /** A search is on its way: a spinner takes the clear button's place. */
  busy?: boolean;
  /** The page's main search (the catalogue): taller and wider. */
  large?: boolean;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength: number;
}

/** A search field with a clear button; Escape clears it too. Searching happens as the value changes. */
export function SearchBox({ value, onChange, label, placeholder, clearLabel, busy = false, large = false, inputMode, maxLength }: SearchBoxProps) {
  const id = useId();
  return (
    <form role="search" className={`${styles.form} ${large ? styles.large : ''}`} onSubmit={(event) => event.preventDefault()}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <SearchIcon size={20} className={styles.icon} />
      <input
        id={id}
        type="search"
        inputMode={inputMode}
        className={`input ${styles.input}`}
        placeholder={placeholder}
        value={value}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && value) {
            event.preventDefault();
            onChange('');
          }
        }}
      />
      {busy && <span className={`spinner ${styles.spinner}`} aria-hidden="true" />}
      {value && !busy && (
        <button type="button" className={styles.clear} onClick={() => onChange('')} aria-label={clearLabel}>
          <CloseIcon size={18} />
        </button>
      )}
    </form>
  );
}
