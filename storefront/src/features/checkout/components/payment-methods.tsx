import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BoltPhoneIcon } from '../../../components/ui/icons/bolt-phone-icon';
import { CardIcon } from '../../../components/ui/icons/card-icon';
import { WalletIcon } from '../../../components/ui/icons/wallet-icon';
import type { Currency } from '../../../lib/currency';
import type { PaymentMethod } from '../utils/checkout';
import type { MethodState } from '../utils/payment';
import styles from './checkout-view.module.css';

/**
 * Balance, card, the quick-payment system (SBP), Payme and Click, as the gateways offer them for the
 * order's currency (GET /payment/methods): SBP reads "coming soon" only when no gateway takes it; Payme
 * and Click show only where a gateway offers them; the balance is off for sums, which no balance holds.
 */
export function PaymentMethods({
  value,
  onChange,
  states,
  offered,
  currency,
  disabled,
}: {
  value: PaymentMethod;
  onChange: (next: PaymentMethod) => void;
  states: Record<PaymentMethod, MethodState>;
  /** Every method the store's gateways take, whatever the currency. */
  offered: readonly PaymentMethod[];
  currency: Currency;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const name = useId();
  const gatewayText = (state: MethodState, text: string) => (state === 'unavailable' ? t('checkout.method_unavailable_now') : text);
  const options: Array<{ method: PaymentMethod; icon: ReactNode; title: string; text: string; badge?: string }> = [
    ...(offered.includes('payme')
      ? [{ method: 'payme' as const, icon: <CardIcon size={22} />, title: t('checkout.method_payme'), text: gatewayText(states.payme, t('checkout.method_payme_text')) }]
      : []),
    ...(offered.includes('click')
      ? [{ method: 'click' as const, icon: <CardIcon size={22} />, title: t('checkout.method_click'), text: gatewayText(states.click, t('checkout.method_click_text')) }]
      : []),
    {
      method: 'balance',
      icon: <WalletIcon size={22} />,
      title: t('checkout.method_balance'),
      text: currency === 'UZS' ? t('checkout.method_balance_no_sums') : t('checkout.method_balance_text'),
    },
    {
      method: 'card',
      icon: <CardIcon size={22} />,
      title: t('checkout.method_card'),
      text: gatewayText(states.card, t('checkout.method_card_text')),
    },
    {
      method: 'sbp',
      icon: <BoltPhoneIcon size={22} />,
      title: t('checkout.method_sbp'),
      text: gatewayText(states.sbp, t('checkout.method_sbp_text')),
      badge: states.sbp === 'coming_soon' ? t('checkout.coming_soon') : undefined,
    },
  ];

  return (
    <fieldset className={styles.methods} disabled={disabled}>
      <legend className="visually-hidden">{t('checkout.method_title')}</legend>
      {options.map((option) => {
        const textId = `${name}-${option.method}`;
        const unavailable = states[option.method] !== 'available';
        return (
          <label
            key={option.method}
            className={`${styles.method} ${unavailable ? styles.methodOff : ''}`}
            data-testid={`method-${option.method}`}
            data-state={states[option.method]}
          >
            <input
              type="radio"
              name={name}
              value={option.method}
              checked={value === option.method}
              disabled={unavailable}
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
