import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, CURRENCY_SYMBOLS } from '../../lib/currency';
import { useCurrency } from '../../lib/preferences';
import styles from './switchers.module.css';

/** USD / RUB display currency; the choice is kept in localStorage `currency`. */
export function CurrencySwitcher({ showLabel = false }: { showLabel?: boolean }) {
  const { t } = useTranslation();
  const [currency, setCurrency] = useCurrency();
  const labelId = useId();
  return (
    <div className={styles.switcher}>
      <span id={labelId} className={showLabel ? styles.label : 'visually-hidden'}>
        {t('settings.currency')}
      </span>
      <div role="group" aria-labelledby={labelId} className={styles.segmented}>
        {CURRENCIES.map((code) => (
          <button
            key={code}
            type="button"
            className={styles.segment}
            aria-pressed={currency === code}
            title={t(`currencies.${code}_name`)}
            onClick={() => setCurrency(code)}
          >
            <span aria-hidden="true" className={styles.symbol}>
              {CURRENCY_SYMBOLS[code]}
            </span>
            {t(`currencies.${code}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
