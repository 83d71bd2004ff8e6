import { useQueryClient } from '@tanstack/react-query';
import { ErrorCode } from '@topup/common';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { CartLine, CreatePaymentBody, TopupData } from '@topup/common/api';
import { Field } from '../../../components/ui/field';
import { AlertIcon } from '../../../components/ui/icons/alert-icon';
import { CartIcon } from '../../../components/ui/icons/cart-icon';
import { InfoIcon } from '../../../components/ui/icons/info-icon';
import { ErrorState, StateView } from '../../../components/ui/state-views';
import { SalePrice } from '../../../components/ui/sale-price';
import { useToast } from '../../../components/ui/toast/toast-provider';
import { toApiError } from '../../../lib/api-error';
import { useSession } from '../../../lib/auth';
import { type Currency, lineTotal, toBalanceCurrency, toOrderCurrency, usdInSums } from '../../../lib/currency';
import { errorText, rateLimitText } from '../../../lib/error-message';
import { type AttemptKeys, createAttemptKeys, requestScope } from '../../../lib/idempotency';
import { useCurrency, useFormatMoney } from '../../../lib/preferences';
import { CART_KEY, cartSaleTotals, cartTotals, useCart } from '../../../lib/cart';
import { CREATE_PAYMENT_PATH, useCreatePayment } from '../api/create-payment';
import { TOPUP_ORDER_PATH, useCreateTopupOrder } from '../api/create-topup-order';
import { useBalance } from '../../../lib/balance';
import { usePaymentMethods, useSalePriceOf } from '../../../lib/payment-methods';
import { useSteamTotal } from '../api/get-steam-total';
import { readTopupLabels, type TopupLabels } from '../../../utils/topup-labels';
import { readTopupSale, type SaleUnit, topupSalePrice } from '../../../utils/topup-sale';
import { FROM_BALANCE_PATH, usePayFromBalance } from '../api/pay-from-balance';
import {
  cartIsStale,
  type CheckoutFailureFallback,
  isCalmFailure,
  paymentFailure,
  type PaymentFailure,
  type PaymentMethod,
  readTopupData,
  topupPayload,
  topupPrice,
} from '../utils/checkout';
import {
  chargedAmount,
  EMAIL_MAX_LENGTH,
  gatewayFor,
  isGatewayMethod,
  isValidEmail,
  methodState,
  type MethodState,
  startingMethod,
  usableMethod,
} from '../utils/payment';
import { CurrencyChoice } from './currency-choice';
import { OrderSummary } from './order-summary';
import { PaymentMethods } from './payment-methods';
import { PromoCodeField, type PromoState } from './promo-code-field';
import { promoRefusalOf } from '../utils/promo-code';
import styles from './checkout-view.module.css';

/**
 * The /checkout page: the cart, or the one top-up a game page handed over in
 * navigation state, paid from the balance, by card or by SBP (through the gateway) in the chosen currency.
 */
export function CheckoutView() {
  const { t } = useTranslation();
  const location = useLocation();
  const session = useSession();
  const topupData = readTopupData(location.state);
  const topupLabels = readTopupLabels(location.state);
  const topupSale = readTopupSale(location.state);
  // A top-up checkout never needs the cart.
  const cart = useCart({ queryConfig: { enabled: topupData === null && session !== null } });

  if (topupData) return <CheckoutForm topup={topupData} topupLabels={topupLabels} topupSale={topupSale} items={[]} />;
  if (cart.isPending) return <CheckoutSkeleton />;
  if (cart.isError) {
    return <ErrorState message={errorText(t, cart.error, 'cart.load_failed')} onRetry={() => void cart.refetch()} />;
  }
  if (cart.data.data.length === 0) {
    return (
      <div className="card">
        <StateView
          icon={<CartIcon size={28} />}
          title={t('checkout.empty_title')}
          text={t('checkout.empty_text')}
          actions={
            <Link to="/products" className="btn btn--primary">
              {t('cart.browse')}
            </Link>
          }
        />
      </div>
    );
  }
  return <CheckoutForm topup={null} topupLabels={null} topupSale={[]} items={cart.data.data} />;
}

function CheckoutForm({
  topup,
  topupLabels,
  topupSale,
  items,
}: {
  topup: TopupData | null;
  topupLabels: TopupLabels | null;
  /** The top-up's units on sale, as its page listed them. */
  topupSale: SaleUnit[];
  items: CartLine[];
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formatMoney = useFormatMoney();
  const [preferred] = useCurrency();
  const [currency, setCurrency] = useState<Currency>(preferred);
  // null until the shopper picks a method: checkout then offers one that can pay (startingMethod).
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [email, setEmail] = useState('');
  const [emailInvalid, setEmailInvalid] = useState(false);
  const [failure, setFailure] = useState<PaymentFailure | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  // The promo code previewed for this currency (docs/architecture.md, "Promo codes"); the server applies it.
  const [promo, setPromo] = useState<PromoState>({ applied: null, refusal: null });
  // One Idempotency-Key per payment attempt, kept for its retries (lib/idempotency).
  const [attemptKeys] = useState<AttemptKeys>(() => createAttemptKeys());
  // Set synchronously on the first click, so a second click in the same frame is ignored too.
  const inFlight = useRef(false);
  const ids = { error: useId(), shortfall: useId(), email: useId(), emailHint: useId(), charged: useId() };
  const emailRef = useRef<HTMLInputElement>(null);

  const balance = useBalance();
  const paymentOptions = usePaymentMethods();
  const steamTotal = useSteamTotal(topup, toBalanceCurrency(currency));
  const payFromBalance = usePayFromBalance();
  const createTopupOrder = useCreateTopupOrder();
  const createPayment = useCreatePayment();

  // Back from the gateway page through the browser's history (a page restored from its cache): usable again.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      inFlight.current = false;
      setRedirecting(false);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  const options = paymentOptions.data;
  const salePriceOf = useSalePriceOf(currency);
  const stateOf = (option: PaymentMethod) => methodState(option, currency, options, paymentOptions.isError);
  const states: Record<PaymentMethod, MethodState> = { balance: stateOf('balance'), card: stateOf('card'), sbp: stateOf('sbp'), payme: stateOf('payme'), click: stateOf('click') };
  const cartTotal = cartTotals(items);
  // A Steam top-up in sums is its USD calculation converted once.
  const steamAmount = steamTotal.data?.calculation.amountInUserCurrency;
  const steamPrice = steamAmount === undefined ? null : currency === 'UZS' ? usdInSums(steamAmount, options?.rate_usd_uzs) : steamAmount;
  const cartSums = items.reduce((sum, item) => sum + lineTotal(salePriceOf(item).listPrice, item.quantity), 0);
  const cartSaleSums = items.reduce((sum, item) => sum + lineTotal(salePriceOf(item).price, item.quantity), 0);
  const cartSale = cartSaleTotals(items);
  const total: number | null = topup
    ? (topupPrice(topup, currency, options?.rate_usd_uzs) ?? steamPrice)
    : currency === 'USD'
      ? cartTotal.usd
      : currency === 'UZS'
        ? Number.isNaN(cartSums) ? null : cartSums
        : cartTotal.rub;
  // At promotion prices (docs/architecture.md, "Promotions that discount"); `total` stays the list
  // total, which the card call sends and the server checks.
  const saleTotal: number | null =
    total === null
      ? null
      : topup
        ? topupSalePrice(total, topupSale, currency, options?.rate_usd_uzs)
        : currency === 'USD'
          ? cartSale.usd
          : currency === 'UZS'
            ? cartSaleSums
            : cartSale.rub;
  // What is charged: the sale total less the promo code's previewed discount (previewed on it too).
  const payable: number | null = saleTotal !== null && promo.applied ? promo.applied.total : saleTotal;
  const available = currency === 'UZS' ? undefined : balance.data?.find((entry) => entry.currency === toBalanceCurrency(currency))?.amount;
  const activeMethod = method === null ? startingMethod(payable, available, currency, options) : usableMethod(method, currency, options);
  const viaGateway = isGatewayMethod(activeMethod);
  const gateway = viaGateway ? gatewayFor(activeMethod, currency, options) : undefined;
  const askEmail = gateway?.receipt_email_required === true;
  const charged = chargedAmount(payable, currency, gateway, options);
  const short = activeMethod === 'balance' && payable !== null && available !== undefined && available < payable;
  const busy = payFromBalance.isPending || createTopupOrder.isPending || createPayment.isPending || redirecting;

  const changeCurrency = (next: Currency) => {
    setCurrency(next);
    setFailure(null);
    // A code's discount is in the currency it was previewed in: it is applied again in the new one.
    setPromo({ applied: null, refusal: null });
    attemptKeys.reset();
  };

  const changeMethod = (next: PaymentMethod) => {
    setMethod(next);
    setFailure(null);
    attemptKeys.reset();
  };

  /** After money moved: every view of the cart, orders and balances looks again. */
  const refreshAfterPayment = () => {
    void queryClient.invalidateQueries({ queryKey: [CART_KEY] });
    for (const key of ['orders', 'order', 'balance', 'profile']) {
      void queryClient.invalidateQueries({ queryKey: [key], refetchType: 'all' });
    }
  };

  /** Starts an attempt (or goes on with the open one): its key, or null when one is already running. */
  const begin = (scope: string): string | null => {
    if (inFlight.current) return null;
    inFlight.current = true;
    setFailure(null);
    return attemptKeys.keyFor(scope);
  };

  const fail = (fallback: CheckoutFailureFallback) => (error: unknown) => {
    attemptKeys.settle(error);
    inFlight.current = false;
    if (toApiError(error).status === 401) return; // already on the way to /login
    const refusal = promoRefusalOf(error);
    if (refusal) {
      // Said under the promo code's field; nothing was placed.
      setPromo({ applied: null, refusal });
      return;
    }
    setFailure(paymentFailure(error, fallback, { topup: topup !== null }));
    if (!topup && cartIsStale(error)) void queryClient.invalidateQueries({ queryKey: [CART_KEY] });
    if (toApiError(error).code === ErrorCode.INSUFFICIENT_BALANCE) void balance.refetch();
  };

  const paid = (orderId: number) => {
    attemptKeys.settle(null);
    inFlight.current = false;
    toast.success(t('checkout.success', { id: orderId }));
    // Replace: going back must not land on a checkout that was already paid.
    void navigate('/orders', { replace: true });
    refreshAfterPayment();
  };

  const toGateway = ({ pay_url }: { pay_url: string }) => {
    attemptKeys.settle(null);
    // inFlight stays set: the page is leaving for the gateway.
    setRedirecting(true);
    refreshAfterPayment();
    window.location.assign(pay_url);
  };

  const pay = () => {
    if (inFlight.current || busy || total === null || payable === null) return;
    const code = toOrderCurrency(currency);
    const receiptEmail = email.trim();
    if (askEmail && !isValidEmail(receiptEmail)) {
      setEmailInvalid(true);
      emailRef.current?.focus();
      return;
    }
    // The cart's lines name the attempt too: a changed cart is a new purchase.
    const cartLines = topup ? null : items.map((item) => [item.id, item.quantity, item.price_usd, item.price_rub]);
    const promoCode = promo.applied ? { promoCode: promo.applied.code } : {};

    if (viaGateway) {
      const common = { currency: code, method: activeMethod, ...promoCode, ...(askEmail ? { email: receiptEmail } : {}) };
      const input: CreatePaymentBody = topup
        ? { type: 'topup', topupData: topupPayload(topup, currency), ...common }
        : { type: 'order', amount: total, ...common };
      const key = begin(requestScope(CREATE_PAYMENT_PATH, input, cartLines));
      if (key === null) return;
      createPayment.mutate({ ...input, idempotencyKey: key }, { onSuccess: toGateway, onError: fail('checkout.create_payment_failed') });
      return;
    }
    // Only USD and RUB are ever paid from the balance (the balance option is off for UZS).
    if (code === 'uzs') return;
    if (topup) {
      const input = { topupData: topupPayload(topup, currency), currency: code, ...promoCode };
      const key = begin(requestScope(TOPUP_ORDER_PATH, input));
      if (key === null) return;
      createTopupOrder.mutate({ ...input, idempotencyKey: key }, { onSuccess: ({ orderId }) => paid(orderId), onError: fail('checkout.topup_failed') });
      return;
    }
    const key = begin(requestScope(FROM_BALANCE_PATH, { currency: code, ...promoCode }, cartLines));
    if (key === null) return;
    payFromBalance.mutate({ currency: code, ...promoCode, idempotencyKey: key }, { onSuccess: ({ orderId }) => paid(orderId), onError: fail('checkout.payment_failed') });
  };

  const failureText = (value: PaymentFailure): string => {
    if (value.kind === 'shortfall') {
      const { need, have, currency: shortCode } = value.shortfall;
      return t('checkout.insufficient_balance', { need: formatMoney(need, shortCode), have: formatMoney(have, shortCode) });
    }
    if (value.kind === 'rate_limited') return rateLimitText(t, value.retryAfterSeconds);
    return value.kind === 'key' ? t(value.key) : value.text;
  };

  const totalText = payable === null ? null : formatMoney(payable, currency);
  const chargedText = charged ? formatMoney(charged.amount, charged.currency) : null;
  const payLabel =
    totalText === null
      ? t('checkout.calculating')
      : activeMethod === 'card'
        ? t('checkout.pay_card', { amount: chargedText ?? totalText })
        : activeMethod === 'sbp'
          ? t('checkout.pay_sbp', { amount: chargedText ?? totalText })
          : activeMethod === 'payme'
            ? t('checkout.pay_payme', { amount: totalText })
            : activeMethod === 'click'
              ? t('checkout.pay_click', { amount: totalText })
              : t('checkout.pay_balance', { amount: totalText });
  const notes = { card: 'checkout.card_note', sbp: 'checkout.sbp_note', payme: 'checkout.payme_note', click: 'checkout.click_note', balance: 'checkout.balance_note' } as const;
  const note = t(notes[activeMethod]);
  const calm = failure !== null && isCalmFailure(failure);

  return (
    <div className={styles.layout}>
      <div className={styles.main}>
        <section className={`card ${styles.step}`} aria-labelledby="checkout-currency">
          <h2 id="checkout-currency" className={styles.stepTitle}>
            <span className={styles.stepNumber} aria-hidden="true">
              1
            </span>
            {t('checkout.currency_title')}
          </h2>
          <CurrencyChoice value={currency} onChange={changeCurrency} disabled={busy} />
          <p className={styles.balanceLine}>
            {t('checkout.your_balance')}{' '}
            <strong data-testid="checkout-balance">
              {balance.isPending ? '…' : available === undefined ? '—' : formatMoney(available, currency)}
            </strong>
          </p>
        </section>

        <section className={`card ${styles.step}`} aria-labelledby="checkout-method">
          <h2 id="checkout-method" className={styles.stepTitle}>
            <span className={styles.stepNumber} aria-hidden="true">
              2
            </span>
            {t('checkout.method_title')}
          </h2>
          <PaymentMethods value={activeMethod} onChange={changeMethod} states={states} offered={options?.methods ?? []} currency={currency} disabled={busy} />
          {askEmail && (
            <Field id={ids.email} label={t('checkout.email_label')}>
              <input
                ref={emailRef}
                id={ids.email}
                type="email"
                className="input"
                value={email}
                autoComplete="email"
                inputMode="email"
                maxLength={EMAIL_MAX_LENGTH}
                placeholder={t('checkout.email_placeholder')}
                disabled={busy}
                aria-invalid={emailInvalid || undefined}
                aria-describedby={ids.emailHint}
                onChange={(event) => {
                  setEmail(event.target.value);
                  setEmailInvalid(false);
                }}
                // Leaving the field flags a mistyped address; an error stays until the address is edited.
                onBlur={() => {
                  if (email.trim() !== '' && !isValidEmail(email)) setEmailInvalid(true);
                }}
              />
              <p id={ids.emailHint} className={emailInvalid ? 'field__error' : 'field__hint'} role={emailInvalid ? 'alert' : undefined}>
                {emailInvalid ? t('checkout.email_invalid') : t('checkout.email_hint')}
              </p>
            </Field>
          )}
        </section>
      </div>

      <aside className={`card ${styles.summary}`} aria-labelledby="checkout-summary">
        <h2 id="checkout-summary" className={styles.summaryTitle}>
          {t('checkout.summary_title')}
        </h2>
        <OrderSummary items={items} topup={topup} topupLabels={topupLabels} topupTotal={total} topupSaleTotal={saleTotal} currency={currency} />
        <PromoCodeField
          orderCurrency={toOrderCurrency(currency)}
          currency={currency}
          topupData={topup ? topupPayload(topup, currency) : null}
          state={promo}
          onChange={(next) => {
            setPromo(next);
            setFailure(null);
            attemptKeys.reset();
          }}
          disabled={busy}
        />
        {promo.applied && (
          <p className={styles.discountRow} data-testid="checkout-discount">
            <span>{t('checkout.promo.discount')}</span>
            <strong>−{formatMoney(promo.applied.discount, currency)}</strong>
          </p>
        )}
        <div className={styles.totalRow}>
          <span>{t('checkout.total')}</span>
          <strong data-testid="checkout-total" aria-live="polite">
            {payable !== null && total !== null && saleTotal !== null && saleTotal < total && !promo.applied ? (
              <SalePrice price={payable} listPrice={total} currency={currency} />
            ) : (
              (totalText ?? (steamTotal.isError ? '—' : <span className="spinner" aria-label={t('checkout.calculating')} />))
            )}
          </strong>
        </div>
        {charged && chargedText && options?.rate_usd_rub && (
          <p id={ids.charged} className={styles.charged} data-testid="checkout-charged">
            <InfoIcon size={18} />
            <span>
              <strong>{t('checkout.charged', { amount: chargedText })}</strong>
              <span className={styles.chargedRate}>
                {t('checkout.charged_rate', { rate: formatMoney(options.rate_usd_rub, charged.currency) })}
              </span>
            </span>
          </p>
        )}
        {topup?.service === 'steam' && steamTotal.isError && topupPrice(topup, currency) === null && (
          <p className={styles.notice} role="alert">
            <AlertIcon size={18} />
            <span>{t('checkout.total_failed')}</span>
            <button type="button" className="btn btn--sm" onClick={() => void steamTotal.refetch()}>
              {t('common.retry')}
            </button>
          </p>
        )}

        {short && !failure && (
          <p id={ids.shortfall} className={`${styles.notice} ${styles.warning}`}>
            <InfoIcon size={18} />
            <span>
              {t('checkout.insufficient_balance', { need: formatMoney(payable, currency), have: formatMoney(available, currency) })}
              {states.card === 'available' ? ` ${t('checkout.try_card')}` : ''}
            </span>
          </p>
        )}

        {failure && (
          <p
            id={ids.error}
            className={`${styles.notice} ${calm ? styles.warning : ''}`}
            role={calm ? 'status' : 'alert'}
            data-testid="checkout-error"
          >
            {calm ? <InfoIcon size={18} /> : <AlertIcon size={18} />}
            <span>{failureText(failure)}</span>
            {calm && (
              <Link to="/orders" className="btn btn--sm">
                {t('checkout.open_orders')}
              </Link>
            )}
          </p>
        )}

        <button
          type="button"
          className="btn btn--primary btn--lg btn--block"
          onClick={pay}
          disabled={busy || payable === null || short || states[activeMethod] !== 'available'}
          aria-busy={busy || undefined}
          aria-describedby={[failure ? ids.error : short ? ids.shortfall : '', charged ? ids.charged : ''].filter(Boolean).join(' ') || undefined}
          data-testid="checkout-pay"
        >
          {busy && <span className="spinner" aria-hidden="true" />}
          {busy ? (redirecting ? t('checkout.redirecting') : t('checkout.processing')) : payLabel}
        </button>
        <p className={styles.secure}>{note}</p>
        <Link to={topup ? '/products' : '/cart'} className={styles.back}>
          {topup ? t('checkout.back_to_products') : t('checkout.back_to_cart')}
        </Link>
      </aside>
    </div>
  );
}

function CheckoutSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={styles.layout} aria-busy="true" aria-label={t('common.loading')}>
      <div className={styles.main}>
        <div className={`skeleton ${styles.skeletonStep}`} />
        <div className={`skeleton ${styles.skeletonMethods}`} />
      </div>
      <div className={`skeleton ${styles.skeletonSummary}`} />
    </div>
  );
}
