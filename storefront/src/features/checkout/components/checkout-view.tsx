import { useQueryClient } from '@tanstack/react-query';
import { ErrorCode } from '@topup/common';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AlertIcon, CartIcon, InfoIcon } from '../../../components/ui/icons';
import { ErrorState, StateView } from '../../../components/ui/state-views';
import { useToast } from '../../../components/ui/toast/toast-provider';
import { toApiError } from '../../../lib/api-error';
import { useSession } from '../../../lib/auth';
import { type Currency, toBalanceCurrency } from '../../../lib/currency';
import { errorMessageKey } from '../../../lib/error-message';
import { useCurrency, useFormatMoney } from '../../../lib/preferences';
import type { TopupData } from '../../../types/api';
import { CART_KEY, useCart } from '../../cart/api/get-cart';
import type { CartItem } from '../../cart/types';
import { cartTotals } from '../../cart/utils/cart-rules';
import { useCreateCardPayment } from '../api/create-card-payment';
import { useCreateTopupOrder } from '../api/create-topup-order';
import { useBalance } from '../api/get-balance';
import { useSteamTotal } from '../api/get-steam-total';
import { usePayFromBalance } from '../api/pay-from-balance';
import {
  cartIsStale,
  paymentFailure,
  type PaymentFailure,
  type PaymentMethod,
  readTopupData,
  topupPayload,
  topupPrice,
} from '../utils/checkout';
import { CurrencyChoice } from './currency-choice';
import { OrderSummary } from './order-summary';
import { PaymentMethods } from './payment-methods';
import styles from './checkout-view.module.css';

/**
 * The /checkout page (spec sections 2 and 4): the cart, or the one top-up a game page handed over in
 * navigation state, paid from the balance or (cart only) by card in the chosen currency.
 */
export function CheckoutView() {
  const { t } = useTranslation();
  const location = useLocation();
  const session = useSession();
  const topupData = readTopupData(location.state);
  // A top-up checkout never needs the cart.
  const cart = useCart({ queryConfig: { enabled: topupData === null && session !== null } });

  if (topupData) return <CheckoutForm topup={topupData} items={[]} />;
  if (cart.isPending) return <CheckoutSkeleton />;
  if (cart.isError) {
    return <ErrorState message={t(errorMessageKey(cart.error, 'cart.load_failed'))} onRetry={() => void cart.refetch()} />;
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
  return <CheckoutForm topup={null} items={cart.data.data} />;
}

function CheckoutForm({ topup, items }: { topup: TopupData | null; items: CartItem[] }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formatMoney = useFormatMoney();
  const [preferred] = useCurrency();
  const [currency, setCurrency] = useState<Currency>(preferred);
  const [method, setMethod] = useState<PaymentMethod>('balance');
  const [failure, setFailure] = useState<PaymentFailure | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const errorId = useId();
  const shortfallId = useId();

  const balance = useBalance();
  const steamTotal = useSteamTotal(topup, toBalanceCurrency(currency));
  const payFromBalance = usePayFromBalance();
  const createTopupOrder = useCreateTopupOrder();
  const createCardPayment = useCreateCardPayment();

  const cartTotal = cartTotals(items);
  const total: number | null = topup
    ? (topupPrice(topup, currency) ?? steamTotal.data?.calculation.amountInUserCurrency ?? null)
    : currency === 'USD'
      ? cartTotal.usd
      : cartTotal.rub;
  const available = balance.data?.find((entry) => entry.currency === toBalanceCurrency(currency))?.amount;
  const short = method === 'balance' && total !== null && available !== undefined && available < total;
  const busy = payFromBalance.isPending || createTopupOrder.isPending || createCardPayment.isPending || redirecting;
  const cardAllowed = topup === null;
  const activeMethod: PaymentMethod = method === 'card' && !cardAllowed ? 'balance' : method;

  const changeCurrency = (next: Currency) => {
    setCurrency(next);
    setFailure(null);
  };

  const changeMethod = (next: PaymentMethod) => {
    setMethod(next);
    setFailure(null);
  };

  /** After money moved: every view of the cart, orders and balances looks again. */
  const refreshAfterPayment = () => {
    void queryClient.invalidateQueries({ queryKey: [CART_KEY] });
    for (const key of ['orders', 'order', 'balance', 'profile']) {
      void queryClient.invalidateQueries({ queryKey: [key], refetchType: 'all' });
    }
  };

  const fail =
    (fallback: 'checkout.payment_failed' | 'checkout.topup_failed' | 'checkout.create_payment_failed') => (error: unknown) => {
      if (toApiError(error).status === 401) return; // already on the way to /login
      setFailure(paymentFailure(error, fallback));
      if (!topup && cartIsStale(error)) void queryClient.invalidateQueries({ queryKey: [CART_KEY] });
      if (toApiError(error).code === ErrorCode.INSUFFICIENT_BALANCE) void balance.refetch();
    };

  const paid = (orderId: number) => {
    toast.success(t('checkout.success', { id: orderId }));
    // Replace: going back must not land on a checkout that was already paid.
    navigate('/orders', { replace: true });
    refreshAfterPayment();
  };

  const pay = () => {
    if (busy || total === null) return;
    setFailure(null);
    const code = toBalanceCurrency(currency);
    if (activeMethod === 'card') {
      createCardPayment.mutate(
        { amount: total, currency: code, type: 'order' },
        {
          onSuccess: ({ pay_url }) => {
            setRedirecting(true);
            window.location.assign(pay_url);
          },
          onError: fail('checkout.create_payment_failed'),
        },
      );
      return;
    }
    if (topup) {
      createTopupOrder.mutate(
        { topupData: topupPayload(topup, currency), currency: code },
        { onSuccess: ({ orderId }) => paid(orderId), onError: fail('checkout.topup_failed') },
      );
      return;
    }
    payFromBalance.mutate({ currency: code }, { onSuccess: ({ orderId }) => paid(orderId), onError: fail('checkout.payment_failed') });
  };

  const failureText = (value: PaymentFailure): string => {
    if (value.kind === 'shortfall') {
      const { need, have, currency: code } = value.shortfall;
      return t('checkout.insufficient_balance', { need: formatMoney(need, code), have: formatMoney(have, code) });
    }
    return value.kind === 'key' ? t(value.key) : value.text;
  };

  const totalText = total === null ? null : formatMoney(total, currency);
  const payLabel =
    totalText === null
      ? t('checkout.calculating')
      : activeMethod === 'card'
        ? t('checkout.pay_card', { amount: totalText })
        : t('checkout.pay_balance', { amount: totalText });

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
          <PaymentMethods value={activeMethod} onChange={changeMethod} cardAllowed={cardAllowed} disabled={busy} />
        </section>
      </div>

      <aside className={`card ${styles.summary}`} aria-labelledby="checkout-summary">
        <h2 id="checkout-summary" className={styles.summaryTitle}>
          {t('checkout.summary_title')}
        </h2>
        <OrderSummary items={items} topup={topup} topupTotal={total} currency={currency} />
        <div className={styles.totalRow}>
          <span>{t('checkout.total')}</span>
          <strong data-testid="checkout-total" aria-live="polite">
            {totalText ?? (steamTotal.isError ? '—' : <span className="spinner" aria-label={t('checkout.calculating')} />)}
          </strong>
        </div>
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
          <p id={shortfallId} className={`${styles.notice} ${styles.warning}`}>
            <InfoIcon size={18} />
            <span>
              {t('checkout.insufficient_balance', { need: formatMoney(total, currency), have: formatMoney(available, currency) })}
              {cardAllowed ? ` ${t('checkout.try_card')}` : ''}
            </span>
          </p>
        )}

        {failure && (
          <p id={errorId} className={styles.notice} role="alert" data-testid="checkout-error">
            <AlertIcon size={18} />
            <span>{failureText(failure)}</span>
          </p>
        )}

        <button
          type="button"
          className="btn btn--primary btn--lg btn--block"
          onClick={pay}
          disabled={busy || total === null || short || activeMethod === 'sbp'}
          aria-busy={busy || undefined}
          aria-describedby={failure ? errorId : short ? shortfallId : undefined}
        >
          {busy && <span className="spinner" aria-hidden="true" />}
          {busy ? (redirecting ? t('checkout.redirecting') : t('checkout.processing')) : payLabel}
        </button>
        <p className={styles.secure}>{activeMethod === 'card' ? t('checkout.card_note') : t('checkout.balance_note')}</p>
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
