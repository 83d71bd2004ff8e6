import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CURRENCIES, CURRENCY_SYMBOLS, type Currency } from '../../../lib/currency';
import styles from './checkout-view.module.css';

/** USD or RUB for this payment, as native radio buttons (arrow keys move between them). */
export function CurrencyChoice({ value, onChange, disabled }: { value: Currency; onChange: (next: Currency) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className={styles.currencies} disabled={disabled}>
      <legend className="visually-hidden">{t('checkout.currency_title')}</legend>
      {CURRENCIES.map((code) => (
        <label key={code} className={styles.currency}>
          <input
            type="radio"
            name={name}
            value={code}
            checked={value === code}
            onChange={() => onChange(code)}
            className="visually-hidden"
          />
          <span className={styles.currencySymbol} aria-hidden="true">
            {CURRENCY_SYMBOLS[code]}
          </span>
          <span className={styles.currencyText}>
            <span className={styles.currencyCode}>{t(`currencies.${code}`)}</span>
            <span className={styles.currencyName}>{t(`currencies.${code}_name`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
