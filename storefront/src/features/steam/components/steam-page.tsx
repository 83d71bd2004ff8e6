import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { MAX_STEAM_AMOUNT, STEAM_MIN_AMOUNT, type SteamInputCurrency } from '@topup/common';
import { Field } from '../../../components/ui/field';
import { ArrowRightIcon } from '../../../components/ui/icons/arrow-right-icon';
import { InfoIcon } from '../../../components/ui/icons/info-icon';
import { LoginIcon } from '../../../components/ui/icons/login-icon';
import { useToast } from '../../../components/ui/toast/toast-provider';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { fromBalanceCurrency, toBalanceCurrency } from '../../../lib/currency';
import { useFormat } from '../../../lib/format';
import { useCurrency, useFormatMoney } from '../../../lib/preferences';
import { GamePageLayout, GamePanel } from '../../../components/game-topup/game-page-layout';
import { useKeptState } from '../../../hooks/use-kept-state';
import { useRecentPlayers } from '../../../hooks/use-recent-players';
import { RecentPlayers } from '../../../components/game-topup/recent-players';
import { useTopupRetry } from '../../../utils/topup-retry';
import { useLoginGate } from '../../../hooks/use-login-gate';
import { useSingleFlight } from '../../../hooks/use-single-flight';
import { useSteamCalculation } from '../../../lib/steam-calculation';
import {
  amountErrorOf,
  CALCULATION_DEBOUNCE_MS,
  calculationRequest,
  parseSteamCurrency,
  formatSteamAmount,
  orderableSteamAmount,
  parseRequestKey,
  requestKey,
  STEAM_CURRENCIES,
  visibleQuote,
} from '../utils/amount';
import { calculationErrorKey } from '../utils/errors';
import { proceedBlocker, steamProceedState, type ProceedLabel } from '../utils/proceed';
import { buildSteamTopupData, STEAM_IMAGE } from '../utils/topup-data';
import { SteamInfo } from './steam-info';
import { SteamLoginGuide } from './steam-login-guide';
import styles from './steam-page.module.css';

/** /products/steam: a Steam wallet top-up by login, priced by the server as the shopper types. */
export function SteamPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { loggedIn, goToLogin } = useLoginGate();
  const [currency] = useCurrency();
  const formatMoney = useFormatMoney();
  const format = useFormat();
  const ids = { login: useId(), loginHint: useId(), currency: useId(), amount: useId(), amountError: useId(), deducted: useId() };

  // Kept across the login detour.
  // "Try again" on a failed top-up opens the page with its login, amount and currency.
  const retry = useTopupRetry();
  const [login, setLogin] = useKeptState('steam.login', retry?.account ?? '');
  // The logins topped up from here before, offered again.
  const { recent, remember } = useRecentPlayers('steam');
  const [inputCurrency, setInputCurrency] = useKeptState<SteamInputCurrency>('steam.currency', parseSteamCurrency(retry?.inputCurrency));
  const [amountText, setAmountText] = useKeptState('steam.amount', retry?.amount ?? '');
  const [guideOpen, setGuideOpen] = useState(false);
  const preparing = useSingleFlight();

  // The header's currency is the balance the top-up is paid from.
  const balanceCurrency = toBalanceCurrency(currency);
  // The server's own rule, checked as the shopper types: a refused amount is never sent.
  const amountError = amountErrorOf(amountText);
  const amount = orderableSteamAmount(amountText);
  const request = calculationRequest(amountText, inputCurrency, balanceCurrency);
  const currentKey = requestKey(request);
  // Asked 500 ms after the last change of amount, input currency or balance currency.
  const settledKey = useDebouncedValue(currentKey, CALCULATION_DEBOUNCE_MS);
  // An empty or non-positive amount asks nothing at all.
  const calculation = useSteamCalculation(request === null ? null : parseRequestKey(settledKey));

  const visible = visibleQuote(calculation.data, request);
  const exactQuote = visible?.exact && !calculation.isPlaceholderData ? visible.quote : null;
  const calculating = request !== null && (settledKey !== currentKey || calculation.isFetching);
  const errorKey = request !== null && calculation.isError && !calculating ? calculationErrorKey(calculation.error) : null;

  // A failed calculation is announced once per failure.
  const announcedError = useRef(0);
  useEffect(() => {
    if (!calculation.isError || calculation.errorUpdatedAt === announcedError.current) return;
    announcedError.current = calculation.errorUpdatedAt;
    const key = calculationErrorKey(calculation.error);
    if (key === 'steam.errors.login_required') {
      toast.warning(t(key), { action: { label: t('steam.go_to_login'), onClick: goToLogin } });
    } else {
      toast.error(t(key));
    }
  }, [calculation.isError, calculation.errorUpdatedAt, calculation.error, goToLogin, t, toast]);

  const proceed = steamProceedState({
    loggedIn,
    login,
    amount,
    inputCurrency,
    calculation: exactQuote
      ? { amountInUserCurrency: exactQuote.calculation.amountInUserCurrency, balanceCurrency: exactQuote.request.userBalanceCurrency }
      : null,
    calculating,
    preparing: preparing.busy,
  });

  const proceedToCheckout = async () => {
    const blocker = proceedBlocker({ loggedIn, login, amount, hasCalculation: exactQuote !== null });
    if (blocker === 'login_required') {
      toast.warning(t('steam.errors.login_to_purchase'));
      goToLogin();
      return;
    }
    if (blocker === 'login_and_amount') {
      toast.warning(t('steam.errors.enter_login_and_amount'));
      return;
    }
    if (blocker === 'no_calculation' || !exactQuote) {
      toast.warning(t('steam.errors.wait_for_calculation'));
      return;
    }
    try {
      const topupData = buildSteamTopupData({
        login,
        amount: exactQuote.request.amount,
        inputCurrency: exactQuote.request.inputCurrency,
        balanceCurrency: exactQuote.request.userBalanceCurrency,
        calculation: exactQuote.calculation,
      });
      remember({ account: login.trim(), name: '' });
      void navigate('/checkout', { state: { topupData } });
    } catch {
      toast.error(t('steam.errors.checkout_preparation_failed'));
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void preparing.run(proceedToCheckout);
  };

  const proceedText = (label: ProceedLabel): string => {
    if (label.kind === 'login') return t('steam.proceed_login');
    if (label.kind === 'checkout') return t('steam.proceed_checkout', { amount: formatMoney(label.amount, fromBalanceCurrency(label.currency)) });
    if (label.amount === null) return t('steam.proceed_enter_amount');
    return t('steam.proceed_amount', { amount: formatSteamAmount(format, label.amount, label.currency) });
  };

  const shown = visible?.quote ?? null;
  const shownBalance = shown ? fromBalanceCurrency(shown.request.userBalanceCurrency) : currency;

  return (
    <GamePageLayout image={STEAM_IMAGE} title={t('steam.title')} description={t('steam.description')} aside={<SteamInfo />}>
      <GamePanel>
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <div className="field">
            <div className={styles.labelRow}>
              <label htmlFor={ids.login} className="field__label">
                {t('steam.login')}
              </label>
              <button
                type="button"
                className={styles.infoButton}
                onClick={() => setGuideOpen(true)}
                aria-label={t('steam.guide.open')}
                aria-haspopup="dialog"
              >
                <InfoIcon size={18} />
              </button>
            </div>
            <input
              id={ids.login}
              className="input"
              value={login}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={64}
              placeholder={t('steam.login_placeholder')}
              aria-describedby={ids.loginHint}
              onChange={(event) => setLogin(event.target.value)}
            />
            <p id={ids.loginHint} className="field__hint">
              {t('steam.login_hint')}
            </p>
            <RecentPlayers players={recent} onPick={(player) => setLogin(player.account)} />
          </div>

          <div className="field">
            <span id={ids.currency} className="field__label">
              {t('steam.currency')}
            </span>
            <div role="group" aria-labelledby={ids.currency} className={`segmented ${styles.currencies}`}>
              {STEAM_CURRENCIES.map((code) => (
                <button
                  key={code}
                  type="button"
                  className={`segmented__option ${styles.currency}`}
                  aria-pressed={inputCurrency === code}
                  onClick={() => setInputCurrency(code)}
                >
                  {code.toUpperCase()}
                </button>
              ))}
            </div>
          </div>

          <Field id={ids.amount} label={t('steam.amount', { currency: inputCurrency.toUpperCase() })}>
            <input
              id={ids.amount}
              className={`input ${styles.amountInput}`}
              type="number"
              inputMode="decimal"
              min={STEAM_MIN_AMOUNT}
              step="0.01"
              value={amountText}
              placeholder={t('steam.amount_placeholder')}
              aria-invalid={amountError !== null || (errorKey !== null && errorKey !== 'steam.errors.login_required') || undefined}
              aria-describedby={amountError ? ids.amountError : undefined}
              onChange={(event) => setAmountText(event.target.value)}
            />
            {amountError && (
              <p id={ids.amountError} className="field__error" role="alert" data-testid="steam-amount-error">
                {t(`steam.errors.${amountError}`, {
                  min: formatSteamAmount(format, STEAM_MIN_AMOUNT, inputCurrency),
                  max: formatSteamAmount(format, MAX_STEAM_AMOUNT, inputCurrency),
                })}
              </p>
            )}
          </Field>

          <section className={styles.deducted} aria-labelledby={ids.deducted} aria-busy={calculating || undefined}>
            <div className={styles.deductedHead}>
              <h2 id={ids.deducted} className={styles.deductedTitle}>
                {t('steam.deducted_title')}
              </h2>
              {calculating && <span className={`spinner ${styles.deductedSpinner}`} role="status" aria-label={t('steam.calculating')} />}
            </div>
            <output className={styles.deductedAmount} aria-live="polite" data-testid="steam-deducted">
              {shown ? formatMoney(shown.calculation.amountInUserCurrency, shownBalance) : '—'}
            </output>
            <dl className={styles.deductedRows}>
              <div>
                <dt>{t('steam.commission')}</dt>
                <dd>{shown ? formatMoney(shown.calculation.commission, 'USD') : '—'}</dd>
              </div>
              <div>
                <dt>{t('steam.balance_currency')}</dt>
                <dd>{shownBalance}</dd>
              </div>
            </dl>
            {errorKey && (
              <div className={styles.deductedError}>
                <p>{t(errorKey)}</p>
                {errorKey === 'steam.errors.login_required' && (
                  <button type="button" className="btn btn--sm" onClick={goToLogin}>
                    <LoginIcon size={16} />
                    {t('steam.go_to_login')}
                  </button>
                )}
              </div>
            )}
          </section>

          <button
            type="submit"
            className={`btn btn--primary btn--lg btn--block ${styles.proceed}`}
            disabled={proceed.disabled}
            aria-busy={proceed.busy || undefined}
            data-testid="steam-proceed"
          >
            {proceed.busy ? <span className="spinner" aria-hidden="true" /> : proceed.label.kind === 'login' ? <LoginIcon size={20} /> : null}
            <span className={styles.proceedText}>{proceedText(proceed.label)}</span>
            {!proceed.busy && proceed.label.kind === 'checkout' && <ArrowRightIcon size={20} />}
          </button>
        </form>
      </GamePanel>
      <SteamLoginGuide open={guideOpen} onClose={() => setGuideOpen(false)} />
    </GamePageLayout>
  );
}
