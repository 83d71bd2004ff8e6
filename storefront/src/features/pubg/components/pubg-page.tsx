import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CUSTOM_UC_MAX, PUBG_QUICK_PICKS } from '@topup/common';
import type { PubgPackage } from '@topup/common/api';
import { Field } from '../../../components/ui/field';
import { PagedGrid, PagedGridSkeleton, TileAmount, TileBadge, TilePrice } from '../../../components/ui/paged-grid';
import { ErrorState } from '../../../components/ui/state-views';
import { useToast } from '../../../components/ui/toast/toast-provider';
import { lineTotal, pickPrice } from '../../../lib/currency';
import { usePaymentMethods, useSalePriceOf } from '../../../lib/payment-methods';
import { topupSalePrice, topupSaleState } from '../../../utils/topup-sale';
import { SalePrice } from '../../../components/ui/sale-price';
import { errorText } from '../../../lib/error-message';
import { useFormat } from '../../../lib/format';
import { useCurrency, useFormatMoney, useFormatNumber } from '../../../lib/preferences';
import { GamePageLayout, GamePanel, GameSteps, PanelEmpty, PanelSection } from '../../../components/game-topup/game-page-layout';
import { OrderSummary } from '../../../components/game-topup/order-summary';
import { PlayerIdField } from '../../../components/game-topup/player-id-field';
import { TopUpButton } from '../../../components/game-topup/top-up-button';
import { useKeptState } from '../../../hooks/use-kept-state';
import { useTopupRetry } from '../../../utils/topup-retry';
import { useLoginGate } from '../../../hooks/use-login-gate';
import { useSingleFlight } from '../../../hooks/use-single-flight';
import { usePlayerCheck } from '../../../hooks/use-player-check';
import { checkPubgPlayer } from '../api/check-player';
import { usePubgPackages } from '../api/get-packages';
import { applyCustomUc, CUSTOM_UC_INPUT_MAX_LENGTH, customUcEffect } from '../utils/combination';
import { canTopUpPubg, countOf, summarizeSelection, togglePackage } from '../utils/selection';
import { buildPubgTopupData, PUBG_IMAGE } from '../utils/topup-data';
import styles from './pubg-page.module.css';

/** /products/pubg: UC by custom amount, quick pick or packages, credited to a verified player ID. */
export function PubgPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { requireLogin } = useLoginGate();
  const [currency] = useCurrency();
  const salePriceOf = useSalePriceOf(currency);
  const rateUsdUzs = usePaymentMethods({ queryConfig: { enabled: currency === 'UZS' } }).data?.rate_usd_uzs;
  const formatMoney = useFormatMoney();
  const formatNumber = useFormatNumber();
  const format = useFormat();
  const ids = { amount: useId(), custom: useId(), customHint: useId(), quick: useId(), packages: useId(), summary: useId() };

  const packagesQuery = usePubgPackages();
  const packages = useMemo(
    () => (Array.isArray(packagesQuery.data) ? packagesQuery.data.filter((pkg) => pkg.uc_amount > 0) : []),
    [packagesQuery.data],
  );
  // Kept across the login detour, with the player id and its check below.
  // "Try again" on a failed top-up opens the page with its packages and player.
  const retry = useTopupRetry();
  const [selection, setSelection] = useKeptState<number[]>('pubg.selection', retry?.packageIds ?? []);
  const [customUc, setCustomUc] = useKeptState('pubg.customUc', '');
  const [page, setPage] = useKeptState('pubg.page', 0);
  const summary = useMemo(() => summarizeSelection(selection, packages), [selection, packages]);

  const [playerId, setPlayerId] = useKeptState('pubg.playerId', retry?.account ?? '');
  const players = usePlayerCheck('pubg', checkPubgPlayer, t('pubg.please_enter_id'), 'pubg.verified');
  const verifiedName = players.nameFor(playerId);
  const proceeding = useSingleFlight();
  const busy = players.checking || proceeding.busy;
  const tooMuch = customUcEffect(customUc).kind === 'keep';

  const changeCustomUc = (raw: string) => {
    const next = applyCustomUc(raw, packages, selection);
    setCustomUc(next.text);
    setSelection(next.selection);
  };

  const onToggle = (pkg: PubgPackage) => {
    setSelection((current) => togglePackage(current, pkg.id));
    setCustomUc('');
  };

  const onTopUp = () => {
    if (!requireLogin(t('pubg.login_required'))) return;
    if (summary.packages.length === 0 || !playerId.trim() || !verifiedName) {
      toast.warning(t('pubg.select_packages_and_verify'));
      return;
    }
    void navigate('/checkout', {
      state: { topupData: buildPubgTopupData({ summary, playerId, currency, writeAmount: format.amount }), ...topupSaleState(summary.packages) },
    });
  };

  // As the server charges it: the packages' total (in UZS converted once), less each package's discount.
  const total = pickPrice({ price_usd: summary.totalUsd, price_rub: summary.totalRub }, currency, rateUsdUzs);
  const saleTotal = topupSalePrice(total, summary.packages, currency, rateUsdUzs);

  return (
    <GamePageLayout
      image={PUBG_IMAGE}
      title={t('pubg.title')}
      description={t('pubg.description')}
      aside={<GameSteps title={t('games.how_it_works')} steps={[t('pubg.steps.amount'), t('pubg.steps.find'), t('pubg.steps.pay')]} />}
    >
      <GamePanel>
        <PanelSection titleId={ids.amount} title={t('pubg.choose_amount')}>
          <Field id={ids.custom} label={t('pubg.custom_amount')}>
            <div className={styles.customControl}>
              <input
                id={ids.custom}
                className={`input ${styles.customInput}`}
                value={customUc}
                inputMode="numeric"
                autoComplete="off"
                maxLength={CUSTOM_UC_INPUT_MAX_LENGTH}
                placeholder={t('pubg.custom_placeholder')}
                aria-describedby={ids.customHint}
                aria-invalid={tooMuch || undefined}
                disabled={packages.length === 0}
                onChange={(event) => changeCustomUc(event.target.value)}
              />
              <span className={styles.customUnit} aria-hidden="true">
                UC
              </span>
            </div>
            <p id={ids.customHint} className={tooMuch ? 'field__error' : 'field__hint'}>
              {tooMuch
                ? t('pubg.custom_too_much', { max: formatNumber(CUSTOM_UC_MAX) })
                : t('pubg.custom_hint', { max: formatNumber(CUSTOM_UC_MAX) })}
            </p>
          </Field>
          <div className={styles.quickPicks} role="group" aria-label={t('pubg.quick_picks')}>
            {PUBG_QUICK_PICKS.map((amount) => (
              <button
                key={amount}
                type="button"
                className={styles.quickPick}
                aria-pressed={customUc === String(amount)}
                disabled={packages.length === 0}
                onClick={() => changeCustomUc(String(amount))}
              >
                {formatNumber(amount)} UC
              </button>
            ))}
          </div>
        </PanelSection>

        <PanelSection titleId={ids.packages} title={t('pubg.packages')}>
          {packagesQuery.isPending ? (
            <PagedGridSkeleton label={t('pubg.packages_loading')} />
          ) : packagesQuery.isError ? (
            <ErrorState
              message={errorText(t, packagesQuery.error, 'pubg.packages_failed')}
              onRetry={() => void packagesQuery.refetch()}
            />
          ) : packages.length === 0 ? (
            <PanelEmpty>{t('pubg.no_packages')}</PanelEmpty>
          ) : (
            <PagedGrid<PubgPackage>
              labelId={ids.packages}
              items={packages}
              getKey={(pkg) => pkg.id}
              isSelected={(pkg) => selection.includes(pkg.id)}
              onSelect={onToggle}
              page={page}
              onPageChange={setPage}
              renderItem={(pkg) => {
                const count = countOf(selection, pkg.id);
                return (
                  <>
                    <TileAmount amount={formatNumber(pkg.uc_amount)} unit="UC" />
                    <TilePrice>
                      <SalePrice {...salePriceOf(pkg)} currency={currency} />
                    </TilePrice>
                    {count > 1 && <TileBadge>×{count}</TileBadge>}
                  </>
                );
              }}
            />
          )}
        </PanelSection>

        <OrderSummary
          titleId={ids.summary}
          title={t('games.summary')}
          emptyText={t('pubg.summary_empty')}
          rows={summary.lines.map((line) => ({
            key: String(line.package.id),
            label: `${formatNumber(line.package.uc_amount)} UC × ${line.count}`,
            value: formatMoney(lineTotal(salePriceOf(line.package).price, line.count), currency),
          }))}
          totalLabel={t('games.total')}
          total={summary.packages.length > 0 ? <SalePrice price={saleTotal} listPrice={total} currency={currency} /> : '—'}
          totalHint={summary.packages.length > 0 ? t('pubg.total_uc', { amount: formatNumber(summary.totalUc) }) : undefined}
        />

        <PlayerIdField
          value={playerId}
          onChange={setPlayerId}
          onFind={() => void players.find(playerId)}
          finding={players.checking}
          error={players.errorFor(playerId)}
          recent={players.recent}
          onPick={(player) => {
            setPlayerId(player.account);
            void players.find(player.account);
          }}
          verifiedName={verifiedName}
          hint={t('pubg.player_id_hint')}
        />

        <TopUpButton
          onClick={() => void proceeding.run(onTopUp)}
          disabled={!canTopUpPubg({ busy, playerId, packageCount: summary.packages.length, verifiedName })}
          busy={busy}
        />
        {summary.packages.length > 0 && !verifiedName && <p className={styles.note}>{t('pubg.verify_first')}</p>}
      </GamePanel>
    </GamePageLayout>
  );
}
