import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, parseLanguage } from '../../lib/i18n';
import { GlobeIcon } from '../ui/icons/globe-icon';
import styles from './switchers.module.css';

/** English, Русский, O'zbek; the choice is kept in localStorage `language`. */
export function LanguageSwitcher({ showLabel = false }: { showLabel?: boolean }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = parseLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <div className={styles.switcher}>
      <label htmlFor={id} className={showLabel ? styles.label : 'visually-hidden'}>
        {t('settings.language')}
      </label>
      <div className={styles.selectWrap}>
        <GlobeIcon size={16} className={styles.selectIcon} />
        <select
          id={id}
          className={`select ${styles.select}`}
          value={current}
          onChange={(event) => void changeLanguage(parseLanguage(event.target.value))}
        >
          {LANGUAGES.map((language) => (
            <option key={language} value={language} lang={language}>
              {t(`languages.${language}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
