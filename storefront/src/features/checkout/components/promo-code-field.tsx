import type { TopupData } from '@topup/common/api';
import type { OrderCurrency } from '@topup/common';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field';
import type { Currency } from '../../../lib/currency';
import { useFormatMoney } from '../../../lib/preferences';
import { useCheckPromoCode } from '../api/check-promo-code';
import { type AppliedPromo, enteredCode, type PromoRefusal, readPromoCheck } from '../utils/promo-code';
import styles from './checkout-view.module.css';

export interface PromoState {
  applied: AppliedPromo | null;
  refusal: PromoRefusal | null;
}

interface PromoCodeFieldProps {
  /** The order currency the code is previewed in, and the checkout's for showing money. */
  orderCurrency: OrderCurrency;
  currency: Currency;
  /** The top-up checked out, as sent to the API; null for the cart. */
  topupData: TopupData | null;
  state: PromoState;
  onChange: (state: PromoState) => void;
  disabled?: boolean;
}

/**
 * The promo code field with Apply: previews the code against the cart or the top-up
 * (POST /promo-codes/check), shows its discount, or why it is refused, under the field.
 */
export function PromoCodeField({ orderCurrency, currency, topupData, state, onChange, disabled = false }: PromoCodeFieldProps) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const check = useCheckPromoCode();
  const [text, setText] = useState(state.applied?.code ?? '');
  const [failed, setFailed] = useState(false);
  const ids = { input: useId(), hint: useId() };
  const code = enteredCode(text);

  const apply = () => {
    if (code === null || check.isPending) return;
    setFailed(false);
    check.mutate(
      { code, currency: orderCurrency, ...(topupData ? { topupData } : {}) },
      {
        onSuccess: (answer) => {
          const read = readPromoCheck(answer);
          onChange('applied' in read ? { applied: read.applied, refusal: null } : { applied: null, refusal: read.refusal });
        },
        onError: () => {
          setFailed(true);
          onChange({ applied: null, refusal: null });
        },
      },
    );
  };

  const remove = () => {
    setText('');
    setFailed(false);
    onChange({ applied: null, refusal: null });
  };

  const { applied, refusal } = state;
  const message = refusal
    ? t(`checkout.promo.reasons.${refusal.reason}`, { amount: refusal.minOrder === undefined ? '' : formatMoney(refusal.minOrder, currency) })
    : failed
      ? t('checkout.promo.check_failed')
      : applied
        ? t('checkout.promo.applied', { code: applied.code, discount: formatMoney(applied.discount, currency) })
        : null;
  const isError = refusal !== null || failed;

  return (
    <Field id={ids.input} label={t('checkout.promo.label')}>
      <div className={styles.promoRow}>
        <input
          id={ids.input}
          className="input"
          value={text}
          maxLength={64}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={t('checkout.promo.placeholder')}
          disabled={disabled || applied !== null}
          aria-invalid={isError || undefined}
          aria-describedby={message ? ids.hint : undefined}
          data-testid="promo-code-input"
          onChange={(event) => {
            setText(event.target.value);
            setFailed(false);
            if (refusal) onChange({ applied: null, refusal: null });
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
          }}
        />
        {applied ? (
          <button type="button" className="btn" onClick={remove} disabled={disabled} data-testid="promo-code-remove">
            {t('checkout.promo.remove')}
          </button>
        ) : (
          <button
            type="button"
            className="btn"
            onClick={apply}
            disabled={disabled || code === null || check.isPending}
            aria-busy={check.isPending || undefined}
            data-testid="promo-code-apply"
          >
            {check.isPending ? t('checkout.promo.checking') : t('checkout.promo.apply')}
          </button>
        )}
      </div>
      {message && (
        <p id={ids.hint} className={isError ? 'field__error' : 'field__hint'} role={isError ? 'alert' : 'status'} data-testid="promo-code-message">
          {message}
        </p>
      )}
    </Field>
  );
}
