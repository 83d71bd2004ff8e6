import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, SearchIcon } from '../../../components/ui/icons';
import styles from './search-box.module.css';

export function SearchBox({
  value,
  onChange,
  busy = false,
}: {
  value: string;
  onChange: (value: string) => void;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <form role="search" className={styles.form} onSubmit={(event) => event.preventDefault()}>
      <label htmlFor={id} className="visually-hidden">
        {t('catalogue.search_label')}
      </label>
      <SearchIcon size={20} className={styles.icon} />
      <input
        id={id}
        type="search"
        className={`input ${styles.input}`}
        placeholder={t('catalogue.search_placeholder')}
        value={value}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={100}
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
        <button type="button" className={styles.clear} onClick={() => onChange('')} aria-label={t('catalogue.clear_search')}>
          <CloseIcon size={18} />
        </button>
      )}
    </form>
  );
}
