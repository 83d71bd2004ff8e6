import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PriceOption } from '@topup/common/api';
import { CartIcon } from '../../../components/ui/icons/cart-icon';
import { ErrorState, LoadingState } from '../../../components/ui/state-views';
import { useToast } from '../../../components/ui/toast/toast-provider';
import { useLoginGate } from '../../../hooks/use-login-gate';
import { useSingleFlight } from '../../../hooks/use-single-flight';
import { useCartFailureToast } from '../../../lib/cart-failure';
import { usePriceOf } from '../../../lib/payment-methods';
import { toAmount } from '../../../lib/currency';
import { useCurrency, useFormatMoney, useFormatNumber } from '../../../lib/preferences';
import { useAddCodeToCart } from '../api/add-code-to-cart';
import { useFreefireCodes } from '../api/get-codes';
import { FREEFIRE_CODES_ID } from '../utils/tabs';
import styles from './buy-codes.module.css';

const optionKey = (option: PriceOption) => `${option.game_amount}:${option.price_usd}:${option.price_rub}`;

/** Free Fire codes on sale: one row per amount with its price and stock, each put in the cart with one click. */
export function BuyCodes() {
  const { t } = useTranslation();
  const toast = useToast();
  const { requireLogin } = useLoginGate();
  const [currency] = useCurrency();
  const priceOf = usePriceOf(currency);
  const formatMoney = useFormatMoney();
  const formatNumber = useFormatNumber();
  const titleId = useId();
  const codes = useFreefireCodes();
  const addToCart = useAddCodeToCart();
  const adding = useSingleFlight();
  const cartFailed = useCartFailureToast();
  // The option being added, for its own spinner.
  const [addingKey, setAddingKey] = useState<string | null>(null);

  const product = codes.data;
  const options = [...(product?.prices ?? [])].sort((a, b) => a.game_amount - b.game_amount || toAmount(a.price_usd) - toAmount(b.price_usd));
  const diamonds = (option: PriceOption) => t('freefire_codes.diamonds', { count: option.game_amount, amount: formatNumber(option.game_amount) });

  const add = (option: PriceOption) => {
    if (!product) return;
    if (!requireLogin(t('freefire_codes.login_required'))) return;
    void adding.run(async () => {
      setAddingKey(optionKey(option));
      try {
        await addToCart.mutateAsync({
          productId: product.id,
          gameAmount: option.game_amount,
          priceUsd: toAmount(option.price_usd),
          priceRub: toAmount(option.price_rub),
          gameCurrency: product.game_currency,
          quantity: 1,
          regionId: null,
        });
        toast.success(t('freefire_codes.added', { diamonds: diamonds(option) }));
      } catch (error) {
        cartFailed({ kind: 'add', title: diamonds(option) }, error);
      } finally {
        setAddingKey(null);
      }
    });
  };

  return (
    <section className={`card ${styles.card}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {/* The Activate tab's link lands here; focusable so a keyboard user lands here too. */}
        <span id={FREEFIRE_CODES_ID} tabIndex={-1} className={styles.anchor}>
          {t('freefire_codes.title')}
        </span>
      </h2>
      <p className={styles.description}>{t('freefire_codes.description')}</p>
      {codes.isPending ? (
        <LoadingState label={t('freefire_codes.loading')} />
      ) : codes.isError ? (
        <ErrorState message={t('freefire_codes.load_failed')} onRetry={() => void codes.refetch()} />
      ) : options.length === 0 ? (
        <p className={styles.empty}>{t('freefire_codes.none')}</p>
      ) : (
        <ul className={styles.list}>
          {options.map((option) => {
            const key = optionKey(option);
            const soldOut = option.available_count <= 0;
            const busy = addingKey === key;
            return (
              <li key={key} className={styles.row}>
                <span className={styles.amount}>
                  <strong>{diamonds(option)}</strong>
                  <span className={soldOut ? styles.soldOut : styles.stock}>
                    {soldOut ? t('freefire_codes.sold_out') : t('freefire_codes.in_stock', { count: option.available_count })}
                  </span>
                </span>
                <span className={styles.price}>{formatMoney(priceOf(option), currency)}</span>
                <button
                  type="button"
                  className="btn btn--primary"
                  disabled={soldOut || busy}
                  aria-busy={busy || undefined}
                  aria-label={t('freefire_codes.add_label', { diamonds: diamonds(option) })}
                  onClick={() => add(option)}
                >
                  {busy ? <span className="spinner" aria-hidden="true" /> : <CartIcon size={18} />}
                  {busy ? t('freefire_codes.adding') : t('freefire_codes.add')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
