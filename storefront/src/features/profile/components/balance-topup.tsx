import { ErrorCode } from '@topup/common';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { MIN_BALANCE_TOPUP } from '@topup/common';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { AlertIcon } from '../../../components/ui/icons/alert-icon';
import { ClockIcon } from '../../../components/ui/icons/clock-icon';
import { PlusIcon } from '../../../components/ui/icons/plus-icon';
import { WalletIcon } from '../../../components/ui/icons/wallet-icon';
import { useToast } from '../../../components/ui/toast/toast-provider';
import { toApiError } from '../../../lib/api-error';
import { BALANCE_DISPLAY_CURRENCIES, type Currency, toBalanceCurrency } from '../../../lib/currency';
import { errorText } from '../../../lib/error-message';
import { useFormatMoney } from '../../../lib/preferences';
import { useSingleFlight } from '../../../hooks/use-single-flight';
import { useTopUpBalance } from '../api/top-up-balance';
import { parseTopupAmount } from '../utils/topup-amount';
import styles from './profile-extras.module.css';

/** Admins top up their own balance here; everyone else learns that online top-up is coming. */
export function BalanceTopup({ isAdmin, preferred }: { isAdmin: boolean; preferred: Currency }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);

  if (!isAdmin) {
    return (
      <p className={styles.comingSoon} data-testid="topup-coming-soon">
        <ClockIcon size={18} />
        <span>
          {t('account.topup_coming_soon')} <Link to="/support">{t('account.topup_contact')}</Link>
        </span>
      </p>
    );
  }
  return (
    <>
      <button type="button" className={`btn btn--primary ${styles.topupButton}`} onClick={() => setOpen(true)}>
        <PlusIcon size={18} />
        {t('account.topup_button')}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('account.topup_title')} description={t('account.topup_text')} icon={<WalletIcon size={22} />}>
        {open && <TopupForm preferred={preferred} onDone={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}

function TopupForm({ preferred, onDone }: { preferred: Currency; onDone: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const formatMoney = useFormatMoney();
  const ids = { amount: useId(), error: useId(), currency: useId() };
  const [currency, setCurrency] = useState<Currency>(preferred);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const topUp = useTopUpBalance();
  const paying = useSingleFlight();
  const busy = paying.busy;

  const pay = async () => {
    const value = parseTopupAmount(amount);
    if (value === null) {
      setError(t('account.invalid_amount'));
      return;
    }
    setError(null);
    try {
      await topUp.mutateAsync({ currency: toBalanceCurrency(currency), amount: value });
      toast.success(t('account.topup_success', { amount: formatMoney(value, currency) }));
      onDone();
    } catch (failure) {
      if (toApiError(failure).status === 401) return;
      setError(toApiError(failure).code === ErrorCode.VALIDATION_FAILED ? t('account.invalid_amount') : errorText(t, failure, 'account.topup_failed'));
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void paying.run(pay);
  };

  return (
    <form className={styles.topupForm} onSubmit={submit} noValidate>
      <fieldset className={styles.topupCurrencies} disabled={busy}>
        <legend className="field__label">{t('account.topup_currency')}</legend>
        {BALANCE_DISPLAY_CURRENCIES.map((code) => (
          <label key={code} className={styles.topupCurrency}>
            <input type="radio" name={ids.currency} value={code} checked={currency === code} onChange={() => setCurrency(code)} />
            {t(`currencies.${code}_name`)}
          </label>
        ))}
      </fieldset>
      <Field id={ids.amount} label={t('account.topup_amount')}>
        <input
          id={ids.amount}
          className="input"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          data-autofocus
          onChange={(event) => {
            setAmount(event.target.value);
            if (error) setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
          placeholder={t('account.topup_min', { amount: formatMoney(MIN_BALANCE_TOPUP, currency) })}
        />
        {error && (
          <p id={ids.error} className="field__error" role="alert">
            <AlertIcon size={16} />
            {error}
          </p>
        )}
      </Field>
      <div className={styles.formActions}>
        <button type="button" className="btn" onClick={onDone} disabled={busy}>
          {t('account.cancel')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy || undefined}>
          {busy && <span className="spinner" aria-hidden="true" />}
          {t('account.topup_submit')}
        </button>
      </div>
    </form>
  );
}
