import type { Knex } from 'knex';
import { ErrorCode, fromMinor, initialOrderStatus, toMinor, usdToUzsMinor, type BalanceCurrency, type OrderCurrency, type SteamInputCurrency } from '@topup/common';
import type { TopupData, TopupOrderAnswer, TopupOrderBody } from '@topup/common/api';
import { AppError, validationFailed } from '../../lib/app-error';
import { insufficientBalance, prepared, sqlRefusal } from '@topup/server-kit';
import { currentRequestId } from '../../lib/trace-context';
import type { DenominationSourceKind, GameDenomination, RowOf } from '../../models';
import type { GameAccount } from '../../providers/game';
import { gamesDal, type GameOfSlug } from '../games/games.dal';
import { accountOfFields, type GamesService } from '../games/games.service';
import { assertPayableFromBalance, dispatchFulfilmentOf, orderPlacedUnder, type OrderPayment } from '../orders/order-placement';
import type { IdempotencyClaim } from '../../types';
import { announceOrderChanges } from '../orders/order-feed';
import { steamAmountToMinor, type SteamService } from '../steam/steam.service';
import type { PlayerCheckService } from './player-check.service';
import { assertSoldWithoutLoss } from '../games/denomination-costs';
import { stockDal } from '../stock/stock.dal';
import { ratesDal } from '../rates/rates.dal';
import { promoCodeRefused, sqlArray } from '../promo-codes/promo-code-use';
import { denominationDiscounts } from '../promotions/promotion-prices';

/** A package of the code stock (PUBG's, or a denomination delivered from codes) as stored in an order's topup_data: what it delivers and what it cost. */
export interface StoredPubgPackage {
  denomination_id: number;
  quantity: 1;
  uc_amount: number;
  price_usd: number;
  price_rub: number;
  /** Credited by its supplier sources (the sandbox or a supplier's product), its code-stock source having no code; absent: a code of the stock is redeemed. */
  delivered_by?: Exclude<DenominationSourceKind, 'code_stock'>;
}

/**
 * Where a denomination is delivered from (docs/architecture.md, "Denominations and their sources"): the first
 * of its sources, by priority, that can deliver it now. The code stock can while it holds the codes needed;
 * the last source is taken even without them (the order is then refused OUT_OF_STOCK). No source: not sellable.
 */
export function deliverySource(sources: readonly DenominationSourceKind[], codesInStock: boolean): DenominationSourceKind | undefined {
  return sources.find((kind, index) => kind !== 'code_stock' || codesInStock || index === sources.length - 1);
}

/** A package's delivered_by: set when a supplier source, not the code stock, delivers it. */
const deliveredBy = (source: DenominationSourceKind | undefined): Pick<StoredPubgPackage, 'delivered_by'> =>
  source === undefined || source === 'code_stock' ? {} : { delivered_by: source };

/**
 * topup_data as the server writes it on the order item: the shopper's choice with the server's
 * prices (decimals, as the API speaks), the account as verified, and what fulfilment needs.
 */
export interface StoredTopupData {
  /** The game's slug. */
  service: string;
  /** The account credited (the game's first field): the player id, or the Steam login. */
  login: string;
  player_id: string;
  player_name: string;
  offer_id: number;
  offer_name: string;
  price_usd: number;
  price_rub: number;
  input_currency: SteamInputCurrency;
  currency: OrderCurrency;
  commission: number;
  image_url: string;
  packages?: StoredPubgPackage[];
  user_balance_currency?: BalanceCurrency;
  /** Steam: the wallet amount in input_currency. */
  amount?: number;
  /**
   * A top-up sent with the game's fields (any game other than the specification's shapes): the values, the
   * denomination, what its amount counts and the game's title, as at purchase.
   */
  fields?: Record<string, string>;
  denomination_id?: number;
  unit?: string;
  game_title?: string;
}

/** A top-up priced by the server; amounts in minor units. */
interface TopupQuote {
  /** Charged, in the order currency. */
  total: number;
  totalUsd: number;
  /** order_items.price_usd / price_rub: the whole top-up in each currency. */
  itemPriceUsd: number;
  itemPriceRub: number;
  gameAmount: number | null;
  /** The prices the client must have sent: the chosen currency's (price_usd or price_rub) and the commission. */
  expected: { price: number; commission: number };
  data: Omit<StoredTopupData, 'player_name'>;
  /** Delivered from the code stock: how many codes of each denomination the order needs. */
  pubgCodes?: Map<number, number>;
  /** What promotions take off `total` (and off `totalUsd`): the order's promotion_discount. */
  promotionDiscount: number;
  promotionDiscountUsd: number;
  /** The USD->RUB rate priced at, stored on the order. */
  rate: string;
  /** A UZS top-up's USD->UZS rate, stored on the order. */
  rateUzs?: string;
}

type PricedTopup = Omit<TopupQuote, 'rate' | 'rateUzs' | 'promotionDiscount' | 'promotionDiscountUsd'> & {
  /** The denominations bought, one per unit, at their list prices (minor units): what promotions discount. None for an amount (Steam). */
  units: Array<{ denominationId: number; usd: number; rub: number }>;
};

/**
 * How a top-up is priced in the order's currency: `total` turns a catalogue price (USD and RUB minor
 * units) into the charge (USD, RUB, or UZS from USD at the locked rate, whole sums); `claimed` is the
 * one the shopper's page sent and must match (a UZS page sends the USD price it converted).
 */
interface Pricing {
  currency: OrderCurrency;
  total: (usd: number, rub: number) => number;
  claimed: (usd: number, rub: number) => number;
}

/** The pricing of `currency`; UZS needs the USD->UZS rate. */
function pricingIn(currency: OrderCurrency, rateUzs: string | undefined): Pricing {
  const claimed = (usd: number, rub: number) => (currency === 'rub' ? rub : usd);
  if (currency !== 'uzs') return { currency, total: claimed, claimed };
  if (rateUzs === undefined) throw new Error('A UZS top-up is priced without a USD->UZS rate');
  return { currency, total: (usd) => usdToUzsMinor(usd, rateUzs), claimed };
}

/** A price's own currency where a Steam input currency is kept: UZS prices are USD ones converted. */
const inputCurrencyOf = (currency: OrderCurrency): SteamInputCurrency => (currency === 'uzs' ? 'usd' : currency);

/** A top-up checked and priced, its account verified with the game: ready to be placed. */
export interface PreparedTopup {
  body: TopupOrderBody;
  game: GameOfSlug;
  /** Its price, taken after the game was asked (a price changed meanwhile is not charged). */
  priced: TopupQuote;
  playerName: string;
}

export interface PlacedTopup {
  orderId: number;
  /** Minor units of the order currency. */
  total: number;
  /** The USD->RUB rate the order is priced at. */
  rate: string;
}

const offerGone = (message: string, details: unknown) => new AppError(409, ErrorCode.PRICE_CHANGED, message, details);

/**
 * The account a top-up credits. With `fields` (any game), each value checked against the game's field;
 * in the specification's shapes, the player id or (a game whose first field is a login, Steam) the login,
 * as the game's first field. 400 when it is missing.
 */
function accountOf(game: GameOfSlug, data: TopupData): GameAccount {
  if (data.fields) return accountOfFields(game, data.fields, 'topupData.fields');
  const key = game.fields[0]?.key ?? 'player_id';
  const field = key === 'login' ? 'login' : 'player_id';
  const value = data[field]?.trim();
  if (!value) throw validationFailed('The request is not valid', [{ field: `topupData.${field}`, message: 'is required' }]);
  return { game: game.slug, fields: [{ key, value }] };
}

/**
 * Top-up orders of any active game (docs/architecture.md, "Games"), paid from the balance (POST
 * /orders/topup) or through a gateway (POST /payment/create with type 'topup'). The server prices the
 * top-up itself (an active denomination of the game, the chosen PUBG packages, or the Steam calculation),
 * refuses a client price that differs with 409 PRICE_CHANGED and, for a game that offers a player check,
 * verifies the account with the game before anything is charged or held.
 */
export function createTopupService(deps: { db: Knex; players: PlayerCheckService; steam: SteamService; games: GamesService }) {
  const { db, players, steam, games } = deps;

  /** The stored data's account fields: the first field's value, as the specification's shapes name it. */
  const accountFields = (account: GameAccount) => {
    const name = account.fields[0]?.value ?? '';
    return { login: name, player_id: name };
  };

  /**
   * One denomination of the game, named by offer_id (its item id, else its id). Delivered from the first
   * of its sources that can: the code stock while it has a code, else the game provider. Sent with the
   * game's fields, the order keeps them, the denomination and the game's title.
   */
  async function quoteDenomination(conn: Knex, game: GameOfSlug, data: TopupData, account: GameAccount, pricing: Pricing): Promise<PricedTopup> {
    const { currency } = pricing;
    if (data.offer_id === undefined || data.offer_id < 1) {
      throw validationFailed('The request is not valid', [{ field: 'topupData.offer_id', message: 'must be an offer id' }]);
    }
    const offer = await gamesDal.activeOffer(conn, game.id, data.offer_id);
    if (!offer || offer.sources.length === 0) {
      throw offerGone('This offer is no longer available. Please choose another one.', { offer_id: data.offer_id });
    }
    const codesInStock = ((await stockDal.availableForDenominations(conn, [offer.id])).get(offer.id) ?? 0) > 0;
    const fromStock = deliverySource(offer.sources, codesInStock) === 'code_stock';
    if (!fromStock) await assertSoldWithoutLoss(conn, [offer], currency);
    const stored = { price_usd: fromMinor(offer.price_usd), price_rub: fromMinor(offer.price_rub) };
    return {
      total: pricing.total(offer.price_usd, offer.price_rub),
      totalUsd: offer.price_usd,
      itemPriceUsd: offer.price_usd,
      itemPriceRub: offer.price_rub,
      gameAmount: offer.amount,
      expected: { price: pricing.claimed(offer.price_usd, offer.price_rub), commission: 0 },
      data: {
        service: game.slug,
        ...accountFields(account),
        offer_id: offer.item_id ?? offer.id,
        offer_name: offer.name,
        ...stored,
        input_currency: inputCurrencyOf(currency),
        currency,
        commission: 0,
        image_url: data.image_url ?? '',
        ...(fromStock ? { packages: [{ denomination_id: offer.id, quantity: 1 as const, uc_amount: offer.amount, ...stored }] } : {}),
        ...(data.fields
          ? {
              fields: Object.fromEntries(account.fields.map((field) => [field.key, field.value])),
              denomination_id: offer.id,
              unit: offer.unit,
              game_title: game.title,
            }
          : {}),
      },
      ...(fromStock ? { pubgCodes: new Map([[offer.id, 1]]) } : {}),
      units: [{ denominationId: offer.id, usd: offer.price_usd, rub: offer.price_rub }],
    };
  }

  /** The specification's PUBG shape: packages of the game, each delivered from its sources (a code of each redeemed, or credited by the game). */
  async function quotePubg(conn: Knex, game: GameOfSlug, data: TopupData, account: GameAccount, pricing: Pricing): Promise<PricedTopup> {
    const { currency } = pricing;
    const chosen = data.packages ?? [];
    const wanted = new Map<number, number>();
    for (const pkg of chosen) wanted.set(pkg.denomination_id, (wanted.get(pkg.denomination_id) ?? 0) + 1);
    const rows = await gamesDal.activeDenominations(conn, game.id, [...wanted.keys()]);
    const available = await stockDal.availableForDenominations(conn, [...wanted.keys()]);
    const source = new Map(rows.map((row) => [row.id, deliverySource(row.sources, (available.get(row.id) ?? 0) >= (wanted.get(row.id) ?? 0))]));
    const byId = new Map<number, RowOf<GameDenomination>>(rows.map((row) => [row.id, row]));
    const gone = [...wanted.keys()].filter((id) => source.get(id) === undefined);
    if (gone.length > 0) {
      throw offerGone('Some of the chosen packages are no longer available. Please choose again.', { denomination_ids: gone });
    }
    await assertSoldWithoutLoss(
      conn,
      rows.filter((row) => source.get(row.id) !== 'code_stock'),
      currency,
    );
    const packages: StoredPubgPackage[] = chosen.map(({ denomination_id }) => {
      const row = byId.get(denomination_id)!;
      return {
        denomination_id,
        quantity: 1,
        uc_amount: row.amount,
        price_usd: fromMinor(row.price_usd),
        price_rub: fromMinor(row.price_rub),
        ...(deliveredBy(source.get(denomination_id))),
      };
    });
    const sum = (pick: (row: RowOf<GameDenomination>) => number) => chosen.reduce((total, pkg) => total + pick(byId.get(pkg.denomination_id)!), 0);
    const priceUsd = sum((row) => row.price_usd);
    const priceRub = sum((row) => row.price_rub);
    const totalUc = sum((row) => row.amount);
    return {
      // The packages' total, converted once for UZS: the price the checkout shows and charges.
      total: pricing.total(priceUsd, priceRub),
      totalUsd: priceUsd,
      itemPriceUsd: priceUsd,
      itemPriceRub: priceRub,
      gameAmount: totalUc,
      expected: { price: pricing.claimed(priceUsd, priceRub), commission: 0 },
      data: {
        service: game.slug,
        ...accountFields(account),
        offer_id: -1,
        offer_name: `PUBG Topup ${totalUc} UC`,
        price_usd: fromMinor(priceUsd),
        price_rub: fromMinor(priceRub),
        input_currency: inputCurrencyOf(currency),
        currency,
        commission: 0,
        image_url: data.image_url ?? '',
        packages,
      },
      pubgCodes: new Map([...wanted].filter(([id]) => source.get(id) === 'code_stock')),
      units: chosen.map(({ denomination_id }) => ({ denominationId: denomination_id, usd: byId.get(denomination_id)!.price_usd, rub: byId.get(denomination_id)!.price_rub })),
    };
  }

  /** A game priced from the amount the shopper enters: the specification's Steam calculation. */
  async function quoteSteam(conn: Knex, game: GameOfSlug, data: TopupData, account: GameAccount, pricing: Pricing, rate: string): Promise<PricedTopup> {
    const { currency } = pricing;
    const inputCurrency = data.input_currency ?? 'usd';
    // A UZS top-up is the USD calculation's total converted once.
    const balanceCurrency = inputCurrencyOf(currency) as BalanceCurrency;
    const priced = await steam.quote(conn, {
      amount: steamAmountToMinor(data.amount ?? 0, 'topupData.amount'),
      inputCurrency,
      balanceCurrency,
      usdRub: rate,
    });
    return {
      total: currency === 'uzs' ? pricing.total(priced.totalUsd, priced.totalRub) : priced.totalInBalanceCurrency,
      totalUsd: priced.totalUsd,
      itemPriceUsd: priced.totalUsd,
      itemPriceRub: priced.totalRub,
      gameAmount: null,
      // The page sends the calculation's amountInUSD as price_usd and its amountInRUB as price_rub;
      // the commission comes on top.
      expected: { price: pricing.claimed(priced.amountUsd, priced.amountRub), commission: priced.commissionUsd },
      data: {
        service: game.slug,
        ...accountFields(account),
        offer_id: 0,
        offer_name: `Steam ${fromMinor(priced.amount)} ${inputCurrency.toUpperCase()}`,
        price_usd: fromMinor(priced.amountUsd),
        price_rub: fromMinor(priced.amountRub),
        input_currency: inputCurrency,
        currency,
        commission: fromMinor(priced.commissionUsd),
        image_url: data.image_url ?? '',
        user_balance_currency: balanceCurrency,
        amount: fromMinor(priced.amount),
      },
      units: [],
    };
  }

  async function quote(conn: Knex, game: GameOfSlug, body: TopupOrderBody, account: GameAccount): Promise<TopupQuote> {
    const rate = await ratesDal.rate(conn, 'usd', 'rub');
    if (!rate) throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, 'Top-ups are unavailable right now. Please try again later.');
    const { topupData: data, currency } = body;
    const rateUzs = currency === 'uzs' ? await ratesDal.rate(conn, 'usd', 'uzs') : undefined;
    if (currency === 'uzs' && !rateUzs) throw new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, 'Prices in UZS are unavailable right now. Please try again later.');
    const pricing = pricingIn(currency, rateUzs);
    const priced =
      game.pricing === 'amount'
        ? await quoteSteam(conn, game, data, account, pricing, rate)
        : data.packages
          ? await quotePubg(conn, game, data, account, pricing)
          : await quoteDenomination(conn, game, data, account, pricing);
    if (priced.total <= 0) {
      throw new AppError(422, ErrorCode.UNPROCESSABLE, `This top-up cannot be paid in ${currency.toUpperCase()}. Please choose another currency.`);
    }
    // Each unit at its promotion price, by the one rule (promotion_discount), in the order currency
    // (UZS: each unit's USD price converted) and in USD for the reports; never more than the top-up.
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    const off = await denominationDiscounts(conn, currency, priced.units.map((unit) => ({ denominationId: unit.denominationId, listMinor: pricing.total(unit.usd, unit.rub) })));
    const offUsd = await denominationDiscounts(conn, 'usd', priced.units.map((unit) => ({ denominationId: unit.denominationId, listMinor: unit.usd })));
    const { units: _units, ...quoted } = priced;
    return {
      ...quoted,
      promotionDiscount: Math.min(priced.total, sum(off)),
      promotionDiscountUsd: Math.min(priced.totalUsd, sum(offUsd)),
      rate,
      rateUzs,
    };
  }

  /** 409 PRICE_CHANGED when the client's price for the chosen currency (or its commission) is not the server's. */
  function assertClientPrice(body: TopupOrderBody, priced: TopupQuote): void {
    const { topupData: data, currency } = body;
    const claimed = toMinor(currency === 'rub' ? data.price_rub : data.price_usd);
    const claimedCommission = toMinor(data.commission ?? 0);
    const { price, commission } = priced.expected;
    if (claimed === price && claimedCommission === commission) return;
    throw new AppError(409, ErrorCode.PRICE_CHANGED, 'The price has changed. Please review the new price and try again.', {
      currency,
      price: fromMinor(price),
      price_usd: priced.data.price_usd,
      price_rub: priced.data.price_rub,
      commission: fromMinor(commission),
      total: fromMinor(priced.total),
    });
  }

  /** 409 OUT_OF_STOCK when a denomination delivered from the code stock has fewer available codes than the order needs. */
  function outOfCodes(denominationId: number, requested: number, available: number): AppError {
    return new AppError(409, ErrorCode.OUT_OF_STOCK, 'Some of the chosen packages are out of stock right now. Please choose others.', {
      denominationId,
      requested,
      available,
    });
  }

  /** The API's answer to a refusal of the SQL function place_topup_order, or undefined for any other error. */
  function placementRefusal(err: unknown): AppError | undefined {
    const refusal = sqlRefusal(err);
    if (refusal?.rule === ErrorCode.OUT_OF_STOCK) {
      const { denominationId, requested, available } = refusal.facts as { denominationId: number; requested: number; available: number };
      return outOfCodes(denominationId, requested, available);
    }
    return promoCodeRefused(err) ?? insufficientBalance(err);
  }

  /**
   * Everything that can refuse a top-up before money moves, outside any transaction: the game (404 when
   * it is not on sale), the fields, the price the shopper saw, stock in the code stock, and the account
   * checked with the game (a slow game never holds a row lock). Priced again after the game answers.
   */
  async function prepare(body: TopupOrderBody): Promise<PreparedTopup> {
    const game = await games.activeGame(db, body.topupData.service);
    const account = accountOf(game, body.topupData);

    // Cheap refusals first, before the game is asked anything.
    const early = await quote(db, game, body, account);
    assertClientPrice(body, early);
    if (early.pubgCodes) {
      const available = await stockDal.availableForDenominations(db, [...early.pubgCodes.keys()]);
      for (const [denominationId, needed] of early.pubgCodes) {
        const count = available.get(denominationId) ?? 0;
        if (count < needed) throw outOfCodes(denominationId, needed, count);
      }
    }

    if (!game.player_check) return { body, game, priced: early, playerName: '' };
    const player = await players.check(account);
    if (!player.found) {
      const [first] = account.fields;
      const what = first?.key === 'login' ? `account with the login ${first.value}` : `player with the ID ${first?.value}`;
      throw new AppError(422, ErrorCode.UNPROCESSABLE, `There is no ${what}. Please check it and try again.`, {
        field: body.topupData.fields ? `fields.${first?.key}` : first?.key === 'login' ? 'login' : 'player_id',
      });
    }
    const priced = await quote(db, game, body, account);
    assertClientPrice(body, priced);
    return { body, game, priced, playerName: player.nickname };
  }

  /**
   * Writes a prepared top-up order in the caller's transaction and in one statement (the SQL function
   * place_topup_order, whose comment names its invariants), at the price `prepare` took: a promo code's
   * discount on top of the promotions', the order, its event and item, its PUBG codes reserved. Paid from
   * the balance, it is charged and sent to fulfilment at once; to be paid through a gateway, it waits as
   * 'pending' for `holdSeconds`, and the payment's success sends it to fulfilment. The order carries the
   * request's Idempotency-Key, if any.
   */
  async function place(
    trx: Knex.Transaction,
    userId: number,
    topup: PreparedTopup,
    payment: OrderPayment,
    idempotencyKey?: string,
  ): Promise<PlacedTopup> {
    const { body, game, priced } = topup;
    const paid = payment.method === 'balance';
    if (paid) assertPayableFromBalance(body.currency);
    const codes = [...(priced.pubgCodes ?? [])];
    const topupData: StoredTopupData = { ...priced.data, player_name: topup.playerName };
    const { rows } = await prepared(
      'place-topup-order',
      trx.raw<{ rows: Array<{ order_id: number; total: number; outbox_id: number | null; outbox_job_id: string | null }> }>(
        `SELECT order_id, total, outbox_id, outbox_job_id FROM place_topup_order(
           p_user_id => ?, p_currency => ?, p_payment_method => ?, p_status => ?, p_hold_seconds => ?,
           p_game_id => ?, p_service => ?,
           p_list_total => ?, p_list_total_usd => ?, p_promotion_off => ?, p_promotion_off_usd => ?, p_rate_usd_rub => ?, p_rate_usd_uzs => ?,
           p_item_price_usd => ?, p_item_price_rub => ?, p_game_amount => ?, p_topup_data => ?::jsonb,
           p_code_denominations => ?::integer[], p_code_counts => ?::integer[],
           p_promo_code => ?, p_idempotency_key => ?, p_request_id => ?)`,
        [
          userId,
          body.currency,
          payment.method,
          initialOrderStatus(paid),
          paid ? null : payment.holdSeconds,
          game.id,
          body.topupData.service,
          priced.total,
          priced.totalUsd,
          priced.promotionDiscount,
          priced.promotionDiscountUsd,
          priced.rate,
          priced.rateUzs ?? null,
          priced.itemPriceUsd,
          priced.itemPriceRub,
          priced.gameAmount,
          JSON.stringify(topupData),
          sqlArray(codes.map(([denominationId]) => denominationId)),
          sqlArray(codes.map(([, needed]) => needed)),
          body.promoCode ?? null,
          idempotencyKey ?? null,
          currentRequestId() ?? null,
        ],
      ),
    ).catch((err: unknown) => {
      throw placementRefusal(err) ?? err;
    });
    const [placed] = rows;
    if (!placed) throw new Error('place_topup_order returned no row');
    const orderId = Number(placed.order_id);
    // The 'placed' event changes what the shopper's open streams show.
    announceOrderChanges(trx, [orderId]);
    await dispatchFulfilmentOf(trx, placed);
    return { orderId, total: Number(placed.total), rate: priced.rate };
  }

  return {
    prepare,
    place,

    /**
     * A top-up's total at its promotion price in its currency and its game, as checkout would price it
     * (the client's list price checked), for a promo code's preview; the account is not asked.
     */
    async promotionPrice(body: TopupOrderBody): Promise<{ gameId: number; total: number }> {
      const game = await games.activeGame(db, body.topupData.service);
      const priced = await quote(db, game, body, accountOf(game, body.topupData));
      assertClientPrice(body, priced);
      return { gameId: game.id, total: priced.total - priced.promotionDiscount };
    },

    /**
     * A top-up paid from the balance: debited, written and queued for delivery in one transaction. A
     * re-run of a request whose Idempotency-Key already placed the order answers that order, before
     * anything is checked again (its PUBG codes are taken by then) and without charging.
     */
    async create(userId: number, body: TopupOrderBody, claim?: IdempotencyClaim): Promise<Omit<TopupOrderAnswer, 'success'>> {
      const answer = (orderId: number) => ({ orderId, status: 'processing' as const });
      const earlier = await orderPlacedUnder(db, userId, claim);
      if (earlier) return answer(earlier.id);
      const prepared = await prepare(body);
      return db.transaction(async (trx) => {
        const raced = await orderPlacedUnder(trx, userId, claim);
        if (raced) return answer(raced.id);
        const { orderId } = await place(trx, userId, prepared, { method: 'balance' }, claim?.key);
        return answer(orderId);
      });
    },
  };
}

export type TopupOrdersService = ReturnType<typeof createTopupService>;
