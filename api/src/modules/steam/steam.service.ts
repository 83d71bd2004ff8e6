import type { Knex } from 'knex';
import {
  ErrorCode,
  fromMinor,
  priceSteam,
  STEAM_COMMISSION_PERCENT_DEFAULT,
  steamAmountError,
  toMinor,
  type BalanceCurrency,
  type SteamInputCurrency,
  type SteamPrice,
  type SteamToUsd,
} from '@topup/common';
import type { SteamCalculateBody, SteamCalculation } from '@topup/common/api';
import { AppError, validationFailed } from '../../lib/app-error';
import { ratesDal } from '../rates/rates.dal';
import { steamDal } from './steam.dal';

/** A Steam top-up priced: every amount in minor units, each rounded once from the exact value. */
export interface SteamQuote extends SteamPrice {
  /** What the shopper asked for, in the input currency. */
  amount: number;
  inputCurrency: SteamInputCurrency;
  balanceCurrency: BalanceCurrency;
}

const unavailable = () =>
  new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, 'Steam top-up is unavailable right now. Please try again later.');

/** A decimal Steam amount as minor units, or 400 'Invalid amount' naming the field and the broken rule (a message key). */
export function steamAmountToMinor(amount: number, field = 'amount'): number {
  const error = steamAmountError(amount);
  if (error) throw validationFailed('Invalid amount', [{ field, message: error }]);
  return toMinor(amount);
}

/**
 * Steam pricing (common/src/steam-pricing.ts) with the rates and the commission of the moment;
 * the arithmetic is the one rule in common (priceSteam), the storefront shows what this answers.
 */
export function createSteamService(deps: { db: Knex }) {
  /** How the input currency reaches USD: by its X->USD row, else by dividing by the USD->X row. */
  async function toUsd(db: Knex, currency: SteamInputCurrency): Promise<SteamToUsd> {
    if (currency === 'usd') return 'usd';
    const direct = await ratesDal.rate(db, currency, 'usd');
    if (direct) return { multiplyBy: direct };
    const inverse = await ratesDal.rate(db, 'usd', currency);
    if (inverse) return { divideBy: inverse };
    throw unavailable();
  }

  async function quote(
    db: Knex,
    request: { amount: number; inputCurrency: SteamInputCurrency; balanceCurrency: BalanceCurrency; usdRub?: string },
  ): Promise<SteamQuote> {
    const usdRub = request.usdRub ?? (await ratesDal.rate(db, 'usd', 'rub'));
    if (!usdRub) throw unavailable();
    const price = priceSteam({
      amount: request.amount,
      toUsd: await toUsd(db, request.inputCurrency),
      commissionPercent: (await steamDal.commissionPercent(db)) ?? String(STEAM_COMMISSION_PERCENT_DEFAULT),
      usdRub,
      balanceCurrency: request.balanceCurrency,
    });
    // A rate so small that the amount is worth nothing in USD cannot be bought.
    if (price.amountUsd <= 0) throw validationFailed('Invalid amount', [{ field: 'amount', message: 'steam_amount_below_minimum' }]);
    return { ...price, amount: request.amount, inputCurrency: request.inputCurrency, balanceCurrency: request.balanceCurrency };
  }

  return {
    /** Prices a Steam top-up with the given connection or transaction; amounts in minor units. */
    quote,

    /** POST /steam/calculate: the decimal amount as the page sends it, priced now. */
    async calculate(body: SteamCalculateBody): Promise<SteamCalculation> {
      const priced = await quote(deps.db, {
        amount: steamAmountToMinor(body.amount),
        inputCurrency: body.inputCurrency,
        balanceCurrency: body.userBalanceCurrency,
      });
      return {
        amountInUSD: fromMinor(priced.amountUsd),
        commission: fromMinor(priced.commissionUsd),
        amountInUserCurrency: fromMinor(priced.totalInBalanceCurrency),
        amountInRUB: fromMinor(priced.amountRub),
      };
    },
  };
}

export type SteamService = ReturnType<typeof createSteamService>;
