import { ErrorCode, type GameFieldProblem } from '@topup/common';
import type { Game, GameDenominationOffer } from '@topup/common/api';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { GamePageLayout, GamePanel, GameSteps, PanelEmpty, PanelSection } from '../../../components/game-topup/game-page-layout';
import { OfferGrid } from '../../../components/game-topup/offer-grid';
import { OrderSummary } from '../../../components/game-topup/order-summary';
import { SalePrice } from '../../../components/ui/sale-price';
import { RecentPlayers } from '../../../components/game-topup/recent-players';
import { TopUpButton } from '../../../components/game-topup/top-up-button';
import { VerifiedPlayer } from '../../../components/game-topup/verified-player';
import { SearchIcon } from '../../../components/ui/icons/search-icon';
import { ProductNotFound } from '../../../components/ui/product-not-found';
import { ErrorState } from '../../../components/ui/state-views';
import { useToast } from '../../../components/ui/toast/toast-provider';
import { useKeptState } from '../../../hooks/use-kept-state';
import { useRecentPlayers } from '../../../hooks/use-recent-players';
import { useTopupRetry } from '../../../utils/topup-retry';
import { useLoginGate } from '../../../hooks/use-login-gate';
import { useSingleFlight } from '../../../hooks/use-single-flight';
import { toApiError } from '../../../lib/api-error';
import { usePriceOf, useSalePriceOf } from '../../../lib/payment-methods';
import { topupSaleState } from '../../../utils/topup-sale';

import { errorText } from '../../../lib/error-message';
import { useCurrency } from '../../../lib/preferences';
import { playerCheckErrorText } from '../../../utils/player-check';
import { checkedPlayerName, useCheckGamePlayer } from '../api/check-player';
import { useGame } from '../api/get-game';
import { displayValue, fieldProblems, sentValues, serverFieldProblems, valuesKey, type FieldValues } from '../utils/fields';
import { buildGameTopupData, buildGameTopupLabels } from '../utils/topup-data';
import { GameFieldInput, type FieldError } from './game-field-input';
import styles from './game-page.module.css';

const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

/** /products/<slug> of a game described as data: its fields, its denominations, then checkout. */
export function GamePage({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const game = useGame({ slug });

  if (game.isPending) return <GamePageSkeleton />;
  if (game.isError) {
    const error = toApiError(game.error);
    if (error.status === 404 || error.code === ErrorCode.NOT_FOUND) return <ProductNotFound />;
    return (
      <>
        <title>{`${t('catalogue.title')} — ${t('app.name')}`}</title>
        <ErrorState message={errorText(t, game.error, 'game_topup.load_failed')} onRetry={() => void game.refetch()} />
      </>
    );
  }
  return <GameTopup game={game.data} />;
}

/** The player the game confirmed, for exactly the values it was asked about. */
interface CheckedPlayer {
  key: string;
  name: string | null;
}

function GameTopup({ game }: { game: Game }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { requireLogin } = useLoginGate();
  const [currency] = useCurrency();
  const priceOf = usePriceOf(currency);
  const salePriceOf = useSalePriceOf(currency);
  const ids = { account: useId(), denominations: useId(), summary: useId(), verified: useId() };
  // Each field's input, to bring the shopper to the first one to correct.
  const inputs = useRef(new Map<string, HTMLElement>());

  // Kept across the login detour: the same values, denomination and checked player come back.
  // "Try again" on a failed top-up opens the page with its fields and denomination.
  const retry = useTopupRetry();
  const [values, setValues] = useKeptState<FieldValues>('game.values', retry?.fields ?? {});
  const [selectedId, setSelectedId] = useKeptState<number | null>('game.denomination', retry?.denominationId ?? null);
  const [page, setPage] = useKeptState('game.page', 0);
  const [checked, setChecked] = useKeptState<CheckedPlayer | null>('game.checked', null);
  // Problems are shown once a field is left or the shopper tries to go on, never while typing a first value.
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [showAll, setShowAll] = useState(false);
  const [serverProblems, setServerProblems] = useState<Partial<Record<string, GameFieldProblem>>>({});
  const check = useCheckGamePlayer(game.slug);
  // The accounts used on this game before (every field, and the nickname the game confirmed), offered again.
  const { recent, remember } = useRecentPlayers(game.slug);
  const proceeding = useSingleFlight();

  const denominations = game.denominations;
  const selected = denominations.find((denomination) => denomination.id === selectedId) ?? null;
  const problems = useMemo(() => fieldProblems(game.fields, values), [game.fields, values]);
  const key = valuesKey(game.fields, values);
  const current = checked?.key === key ? checked : null;
  const verifiedName = current?.name ?? null;
  const notFound = current !== null && current.name === null;
  const busy = check.isPending || proceeding.busy;
  const accountKey = game.fields[0]?.key;

  const errorOf = (fieldKey: string): FieldError | null => {
    const problem = serverProblems[fieldKey] ?? ((showAll || touched[fieldKey]) && problems[fieldKey]);
    if (problem) return { kind: 'problem', problem };
    return notFound && fieldKey === accountKey ? { kind: 'player_not_found' } : null;
  };

  const change = (fieldKey: string, value: string) => {
    setValues((previous) => ({ ...previous, [fieldKey]: value }));
    setServerProblems(({ [fieldKey]: _changed, ...rest }) => rest);
  };

  /** Marks every problem; true when the values can be sent (focus goes to the first that cannot). */
  const valuesReady = (): boolean => {
    setShowAll(true);
    if (Object.keys(problems).length === 0) return true;
    toast.warning(t('game_topup.fill_fields'));
    const first = game.fields.find((field) => problems[field.key]);
    if (first) inputs.current.get(first.key)?.focus();
    return false;
  };

  /** Asks the game for the player: the nickname, or null once the shopper has been told why not. */
  const findPlayer = async (): Promise<string | null> => {
    if (!valuesReady()) return null;
    try {
      const asked = sentValues(game.fields, values);
      const name = checkedPlayerName(await check.mutateAsync(asked));
      setChecked({ key, name });
      if (name) {
        remember({ account: accountKey ? (asked[accountKey] ?? '') : '', name, fields: asked });
        toast.success(t('games.player_found', { name }));
      }
      else toast.error(t('game_topup.player_not_found'));
      return name;
    } catch (error) {
      setChecked(null);
      const fromServer = serverFieldProblems(toApiError(error).details);
      if (Object.keys(fromServer).length > 0) {
        setServerProblems(fromServer);
        toast.warning(t('game_topup.fill_fields'));
      } else {
        toast.error(playerCheckErrorText(t, error));
      }
      return null;
    }
  };

  const onTopUp = async () => {
    if (!requireLogin(t('game_topup.login_required', { game: game.title }))) return;
    if (!valuesReady()) return;
    if (!selected) {
      toast.warning(t('game_topup.select_denomination'));
      return;
    }
    // A game that can find its players confirms the nickname before paying, so a mistyped id never reaches checkout.
    if (game.player_check && !verifiedName && !(await findPlayer())) return;
    if (!game.player_check && accountKey) remember({ account: sent[accountKey] ?? '', name: '', fields: sent });
    void navigate('/checkout', {
      state: {
        topupData: buildGameTopupData({ game, denomination: selected, values, currency }),
        topupLabels: buildGameTopupLabels({ game, values }),
        ...topupSaleState([selected]),
      },
    });
  };

  const price = selected ? priceOf(selected) : 0;
  const sent = sentValues(game.fields, values);
  const steps = [
    game.player_check ? t('game_topup.steps.fill_and_find') : t('game_topup.steps.fill'),
    t('game_topup.steps.choose'),
    t('game_topup.steps.pay'),
  ];

  return (
    <GamePageLayout
      image={game.image_url || PLACEHOLDER_IMAGE}
      title={game.title}
      description={game.description}
      aside={<GameSteps title={t('games.how_it_works')} steps={steps} />}
    >
      <GamePanel>
        <PanelSection titleId={ids.account} title={t('game_topup.account')}>
          <div className={styles.fields}>
            {game.fields.map((field) => (
              <GameFieldInput
                key={field.key}
                field={field}
                value={values[field.key] ?? ''}
                onChange={(value) => change(field.key, value)}
                onBlur={() => setTouched((previous) => ({ ...previous, [field.key]: true }))}
                error={errorOf(field.key)}
                inputRef={(element) => {
                  if (element) inputs.current.set(field.key, element);
                  else inputs.current.delete(field.key);
                }}
              />
            ))}
          </div>
          <RecentPlayers players={recent} onPick={(player) => setValues(player.fields ?? (accountKey ? { [accountKey]: player.account } : {}))} />
          {game.player_check && (
            <>
              <button
                type="button"
                className={`btn ${styles.find}`}
                onClick={() => void findPlayer()}
                disabled={check.isPending}
                aria-busy={check.isPending || undefined}
                aria-describedby={verifiedName ? ids.verified : undefined}
              >
                {check.isPending ? <span className="spinner" aria-hidden="true" /> : <SearchIcon size={18} />}
                {check.isPending ? t('games.finding') : t('game_topup.find_player')}
              </button>
              <VerifiedPlayer id={ids.verified} name={verifiedName} />
            </>
          )}
        </PanelSection>

        <PanelSection titleId={ids.denominations} title={t('game_topup.choose_denomination')}>
          {denominations.length === 0 ? (
            <PanelEmpty>{t('game_topup.no_denominations')}</PanelEmpty>
          ) : (
            <OfferGrid<GameDenominationOffer>
              labelId={ids.denominations}
              offers={denominations}
              getKey={(denomination) => denomination.id}
              selectedKey={selected?.id ?? null}
              getName={(denomination) => denomination.name}
              getPrice={(denomination) => priceOf(denomination)}
              getSalePrice={(denomination) => salePriceOf(denomination).price}
              onSelect={(denomination) => setSelectedId(denomination.id)}
              page={page}
              onPageChange={setPage}
            />
          )}
        </PanelSection>

        <OrderSummary
          titleId={ids.summary}
          title={t('games.summary')}
          emptyText={t('game_topup.summary_empty')}
          rows={
            selected
              ? [
                  { key: 'denomination', label: t('game_topup.denomination'), value: selected.name },
                  ...game.fields.flatMap((field) =>
                    sent[field.key] === undefined ? [] : [{ key: `field-${field.key}`, label: field.label, value: displayValue(field, sent[field.key]!) }],
                  ),
                  ...(verifiedName ? [{ key: 'player', label: t('games.player'), value: verifiedName }] : []),
                ]
              : []
          }
          totalLabel={t('games.total')}
          total={selected && price > 0 ? <SalePrice {...salePriceOf(selected)} currency={currency} /> : '—'}
        />

        <TopUpButton onClick={() => void proceeding.run(onTopUp)} disabled={selected === null || price <= 0 || busy} busy={busy} />
      </GamePanel>
    </GamePageLayout>
  );
}

/** The page's shape while the game loads. */
function GamePageSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={styles.skeleton} aria-busy="true" aria-label={t('game_topup.loading')}>
      <title>{`${t('catalogue.title')} — ${t('app.name')}`}</title>
      <div className={`skeleton ${styles.skeletonMedia}`} />
      <div className={`skeleton ${styles.skeletonPanel}`} />
    </div>
  );
}
