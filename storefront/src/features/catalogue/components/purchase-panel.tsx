import { useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@topup/common';
import { useQueryClient } from '@tanstack/react-query';
import type { PriceOption, Product } from '@topup/common/api';
import { Field } from '../../../components/ui/field';
import { BoltIcon } from '../../../components/ui/icons/bolt-icon';
import { CartIcon } from '../../../components/ui/icons/cart-icon';
import { ShieldIcon } from '../../../components/ui/icons/shield-icon';
import { ErrorState } from '../../../components/ui/state-views';
import { useToast } from '../../../components/ui/toast/toast-provider';
import { useKeptState } from '../../../hooks/use-kept-state';
import { useLoginGate } from '../../../hooks/use-login-gate';
import { useSingleFlight } from '../../../hooks/use-single-flight';
import { toApiError } from '../../../lib/api-error';
import { useSalePriceOf } from '../../../lib/payment-methods';
import { SalePrice } from '../../../components/ui/sale-price';
import { lineTotal, toAmount } from '../../../lib/currency';
import { useCartFailureToast } from '../../../lib/cart-failure';
import { errorText } from '../../../lib/error-message';
import { useCurrency } from '../../../lib/preferences';
import { useFormat } from '../../../lib/format';
import { useAddToCart } from '../api/add-to-cart';
import { getPriceOptionsQueryOptions, usePriceOptions } from '../api/get-price-options';
import { clampQuantity, GLOBAL_REGION_ID, optionKey, regionChoices, sortOptions } from '../utils/purchase';
import { OptionGrid } from './option-grid';
import { QuantityStepper } from './quantity-stepper';
import styles from './purchase-panel.module.css';

/** Region, price option, quantity and add to cart for a code product (/products/{slug}). */
export function PurchasePanel({ product }: { product: Product }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { loggedIn, requireLogin } = useLoginGate();
  const queryClient = useQueryClient();
  const [currency] = useCurrency();
  const salePriceOf = useSalePriceOf(currency);
  const format = useFormat();
  const ids = { region: useId(), options: useId(), quantity: useId() };
  const optionsRef = useRef<HTMLDivElement>(null);

  const choices = useMemo(() => regionChoices(product), [product]);
  // Kept across the login detour: the shopper comes back to the same region, option and quantity.
  const [regionId, setRegionId] = useKeptState<number>('product.region', choices[0]?.id ?? GLOBAL_REGION_ID);
  const region = choices.find((choice) => choice.id === regionId) ?? choices[0];
  const [selectedKey, setSelectedKey] = useKeptState<string | null>('product.option', null);
  const [quantity, setQuantity] = useKeptState('product.quantity', 1);
  const [page, setPage] = useKeptState('product.page', 0);

  const priceOptions = usePriceOptions({
    productId: product.id,
    regionId,
    queryConfig: {
      placeholderData: regionId === GLOBAL_REGION_ID ? product.prices : undefined,
    },
  });
  const options = useMemo(() => sortOptions(Array.isArray(priceOptions.data) ? priceOptions.data : []), [priceOptions.data]);
  // The shopper's pick, else the first option in stock, so a price and a total show at once.
  const selected =
    options.find((option) => optionKey(option) === selectedKey) ??
    options.find((option) => option.available_count > 0) ??
    null;
  const maxQuantity = Math.max(1, selected?.available_count ?? 1);
  const count = clampQuantity(quantity, maxQuantity);
  const gameCurrency = region?.gameCurrency ?? product.game_currency;

  const addToCart = useAddToCart();
  const adding = useSingleFlight();
  const cartFailed = useCartFailureToast();

  const changeRegion = (next: number) => {
    setRegionId(next);
    setSelectedKey(null);
    setQuantity(1);
    setPage(0);
  };

  const selectOption = (option: PriceOption) => {
    setSelectedKey(optionKey(option));
    setQuantity(1);
  };

  const refreshOptions = () =>
    queryClient.invalidateQueries({ queryKey: getPriceOptionsQueryOptions(product.id, regionId).queryKey });

  const add = async () => {
    if (!requireLogin(t('login_gate.add_to_cart'))) return;
    if (!selected) {
      toast.warning(t('product.select_option'));
      optionsRef.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
      return;
    }
    try {
      await addToCart.mutateAsync({
        productId: product.id,
        gameAmount: Number(selected.game_amount),
        priceUsd: toAmount(selected.price_usd),
        priceRub: toAmount(selected.price_rub),
        gameCurrency,
        quantity: count,
        regionId,
      });
      toast.success(t('product.added'));
      void refreshOptions();
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.status === 401) return; // the API client already sent the shopper to /login
      if (apiError.code === ErrorCode.PRICE_CHANGED) {
        setSelectedKey(null);
        toast.error(t('product.price_not_found'));
        void refreshOptions();
        return;
      }
      if (apiError.code === ErrorCode.OUT_OF_STOCK) void refreshOptions();
      cartFailed({ kind: 'add', title: product.title }, error);
    }
  };

  const showRegionSelect = choices.length > 1;
  const nothingToBuy = !priceOptions.isPending && !priceOptions.isError && options.length === 0;

  return (
    <div className={`card ${styles.panel}`}>
      {showRegionSelect && region && (
        <Field id={ids.region} label={t('product.region')}>
          <div className={styles.regionControl}>
            {/* The chosen region's flag as an image: a list option can only hold text. */}
            <img className={styles.flagImage} src={region.flagUrl} alt="" width={22} height={16} data-testid="region-flag" />
            <select
              id={ids.region}
              className={`select ${styles.withImage}`}
              value={regionId}
              onChange={(event) => changeRegion(Number(event.target.value))}
            >
              {choices.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.name ?? t('product.global')}
                </option>
              ))}
            </select>
          </div>
        </Field>
      )}

      <div className={styles.block} ref={optionsRef}>
        <h2 id={ids.options} className={styles.blockTitle}>
          {t('product.choose_amount')}
        </h2>
        {priceOptions.isPending ? (
          <div className={styles.optionsSkeleton} aria-busy="true" aria-label={t('product.options_loading')}>
            {Array.from({ length: 6 }, (_, index) => (
              <div key={index} className="skeleton" />
            ))}
          </div>
        ) : priceOptions.isError && options.length === 0 ? (
          <ErrorState
            message={errorText(t, priceOptions.error, 'product.options_failed')}
            onRetry={() => void priceOptions.refetch()}
          />
        ) : options.length === 0 ? (
          <p className={styles.empty}>{t('product.no_options')}</p>
        ) : (
          <OptionGrid
            labelId={ids.options}
            options={options}
            selectedKey={selected ? optionKey(selected) : null}
            onSelect={selectOption}
            page={page}
            onPageChange={setPage}
            currency={currency}
            gameCurrency={gameCurrency}
          />
        )}
      </div>

      {!nothingToBuy && (
        <>
          <div className={styles.row}>
            <Field id={ids.quantity} label={t('product.quantity')}>
              <QuantityStepper
                id={ids.quantity}
                value={count}
                max={maxQuantity}
                disabled={!selected}
                onChange={setQuantity}
                onMaxReached={() => toast.warning(t('product.max_quantity'))}
              />
            </Field>
            <div className={styles.total}>
              <span className={styles.totalLabel}>{t('product.total')}</span>
              <output className={styles.totalValue} htmlFor={`${ids.quantity}`} aria-live="polite">
                {selected ? (
                  <SalePrice price={lineTotal(salePriceOf(selected).price, count)} listPrice={lineTotal(salePriceOf(selected).listPrice, count)} currency={currency} />
                ) : (
                  '—'
                )}
              </output>
              {selected && (
                <span className={styles.totalHint}>
                  {`${format.amount(Number(selected.game_amount), gameCurrency)} × ${count}`}
                </span>
              )}
            </div>
          </div>

          <button
            type="button"
            className="btn btn--primary btn--lg btn--block"
            onClick={() => void adding.run(add)}
            // Until the options arrive there is nothing to add: a click then would only say "choose an option".
            disabled={adding.busy || priceOptions.isPending}
            aria-busy={adding.busy || undefined}
          >
            {adding.busy ? <span className="spinner" aria-hidden="true" /> : <CartIcon size={20} />}
            {adding.busy ? t('product.adding') : loggedIn ? t('product.add_to_cart') : t('product.login_to_buy')}
          </button>
        </>
      )}

      <ul className={styles.notes}>
        <li>
          <BoltIcon size={16} />
          {t('product.delivery')}
        </li>
        <li>
          <ShieldIcon size={16} />
          {t('product.secure_note')}
        </li>
      </ul>
    </div>
  );
}
