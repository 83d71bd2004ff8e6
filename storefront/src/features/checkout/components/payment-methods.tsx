import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BoltPhoneIcon, CardIcon, WalletIcon } from '../../../components/ui/icons';
import type { PaymentMethod } from '../utils/checkout';
import styles from './checkout-view.module.css';

/** Balance, card (cart orders only) and the quick-payment system, shown as coming soon. */
export function PaymentMethods({
  value,
  onChange,
  cardAllowed,
  disabled,
}: {
  value: PaymentMethod;
  onChange: (next: PaymentMethod) => void;
  cardAllowed: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const name = useId();
  const options: Array<{ method: PaymentMethod; icon: ReactNode; title: string; text: string; badge?: string; unavailable: boolean }> = [
    { method: 'balance', icon: <WalletIcon size={22} />, title: t('checkout.method_balance'), text: t('checkout.method_balance_text'), unavailable: false },
    {
      method: 'card',
      icon: <CardIcon size={22} />,
      title: t('checkout.method_card'),
      text: cardAllowed ? t('checkout.method_card_text') : t('checkout.method_card_cart_only'),
      unavailable: !cardAllowed,
    },
    {
      method: 'sbp',
      icon: <BoltPhoneIcon size={22} />,
      title: t('checkout.method_sbp'),
      text: t('checkout.method_sbp_text'),
      badge: t('checkout.coming_soon'),
      unavailable: true,
    },
  ];

  return (
    <fieldset className={styles.methods} disabled={disabled}>
      <legend className="visually-hidden">{t('checkout.method_title')}</legend>
      {options.map((option) => {
        const textId = `${name}-${option.method}`;
        return (
          <label key={option.method} className={`${styles.method} ${option.unavailable ? styles.methodOff : ''}`}>
            <input
              type="radio"
              name={name}
              value={option.method}
              checked={value === option.method}
              disabled={option.unavailable}
              onChange={() => onChange(option.method)}
              aria-describedby={textId}
              className="visually-hidden"
            />
            <span className={styles.methodIcon} aria-hidden="true">
              {option.icon}
            </span>
            <span className={styles.methodText}>
              <span className={styles.methodTitle}>
                {option.title}
                {option.badge && <span className={styles.badge}>{option.badge}</span>}
              </span>
              <span id={textId} className={styles.methodHint}>
                {option.text}
              </span>
            </span>
            <span className={styles.radioMark} aria-hidden="true" />
          </label>
        );
      })}
    </fieldset>
  );
}
