import { useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { FreefireOffer } from '@topup/common/api';
import { PagedGridSkeleton } from '../../../components/ui/paged-grid';
import { ErrorState } from '../../../components/ui/state-views';
import { useToast } from '../../../components/ui/toast/toast-provider';
import { errorText } from '../../../lib/error-message';
import { useCurrency } from '../../../lib/preferences';
import { PanelEmpty, PanelSection } from '../../../components/game-topup/game-page-layout';
import { OfferGrid } from '../../../components/game-topup/offer-grid';
import { OrderSummary } from '../../../components/game-topup/order-summary';
import { PlayerIdField } from '../../../components/game-topup/player-id-field';
import { TopUpButton } from '../../../components/game-topup/top-up-button';
import { useKeptState } from '../../../hooks/use-kept-state';
import { useTopupRetry } from '../../../utils/topup-retry';
import { useLoginGate } from '../../../hooks/use-login-gate';
import { useSingleFlight } from '../../../hooks/use-single-flight';
import { usePlayerCheck } from '../../../hooks/use-player-check';
import { checkFreefirePlayer } from '../api/check-player';
import { useFreefireOffers } from '../api/get-offers';
import { offerUnit, visibleOffers } from '../utils/offers';
import { useSalePriceOf } from '../../../lib/payment-methods';
import { SalePrice } from '../../../components/ui/sale-price';
import { topupSaleState } from '../../../utils/topup-sale';
import { buildFreefireTopupData } from '../utils/topup-data';

/** The top-up tab: player ID, an offer, the total, then checkout. */
export function TopupTab() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { requireLogin } = useLoginGate();
  const [currency] = useCurrency();
  const salePriceOf = useSalePriceOf(currency);
  const ids = { offers: useId(), summary: useId() };
  const playerInput = useRef<HTMLInputElement>(null);

  const offers = useFreefireOffers();
  const list = useMemo(() => visibleOffers(offers.data), [offers.data]);
  // Kept across the login detour: the same offer and player come back.
  // "Try again" on a failed top-up opens the tab with its offer and player.
  const retry = useTopupRetry();
  const [selectedItemId, setSelectedItemId] = useKeptState<number | null>('topup.offer', retry?.offerId ?? null);
  const selected = list.find((offer) => offer.item_id === selectedItemId) ?? null;
  const [page, setPage] = useKeptState('topup.page', 0);

  const [playerId, setPlayerId] = useKeptState('topup.playerId', retry?.account ?? '');
  const players = usePlayerCheck('freefire', checkFreefirePlayer, t('freefire.please_enter_id'), 'topup.verified');
  const verifiedName = players.nameFor(playerId);
  const proceeding = useSingleFlight();
  const busy = players.checking || proceeding.busy;

  const priced = selected ? salePriceOf(offerUnit(selected)) : null;
  const price = priced?.listPrice ?? 0;
  const canSubmit = selected !== null && price > 0 && playerId.trim() !== '' && !busy;

  const onTopUp = async () => {
    if (!requireLogin(t('freefire.login_required'))) return;
    if (!selected || !playerId.trim()) {
      toast.warning(t('freefire.select_offer'));
      if (!playerId.trim()) playerInput.current?.focus();
      return;
    }
    // The nickname is confirmed before paying, so a mistyped id never reaches checkout.
    const name = verifiedName ?? (await players.find(playerId));
    if (!name) return;
    void navigate('/checkout', {
      state: {
        topupData: buildFreefireTopupData({ offer: selected, playerId, currency }),
        ...topupSaleState([offerUnit(selected)]),
      },
    });
  };

  return (
    <>
      <PlayerIdField
        inputRef={playerInput}
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
        hint={t('freefire.player_id_hint')}
      />

      <PanelSection titleId={ids.offers} title={t('freefire.choose_offer')}>
        {offers.isPending ? (
          <PagedGridSkeleton label={t('freefire.offers_loading')} />
        ) : offers.isError ? (
          <ErrorState message={errorText(t, offers.error, 'freefire.offers_failed')} onRetry={() => void offers.refetch()} />
        ) : list.length === 0 ? (
          <PanelEmpty>{t('freefire.no_offers')}</PanelEmpty>
        ) : (
          <OfferGrid<FreefireOffer>
            labelId={ids.offers}
            offers={list}
            getKey={(offer) => offer.item_id}
            selectedKey={selected?.item_id ?? null}
            getName={(offer) => offer.name}
            getPrice={(offer) => salePriceOf(offerUnit(offer)).listPrice}
            getSalePrice={(offer) => salePriceOf(offerUnit(offer)).price}
            onSelect={(offer) => setSelectedItemId(offer.item_id)}
            page={page}
            onPageChange={setPage}
          />
        )}
      </PanelSection>

      <OrderSummary
        titleId={ids.summary}
        title={t('games.summary')}
        emptyText={t('freefire.summary_empty')}
        rows={
          selected
            ? [
                { key: 'offer', label: t('freefire.offer'), value: selected.name },
                ...(playerId.trim() ? [{ key: 'player', label: t('games.player'), value: verifiedName ?? playerId.trim() }] : []),
              ]
            : []
        }
        totalLabel={t('games.total')}
        total={priced && price > 0 ? <SalePrice {...priced} currency={currency} /> : '—'}
      />

      <TopUpButton onClick={() => void proceeding.run(onTopUp)} disabled={!canSubmit} busy={busy} />
    </>
  );
}
