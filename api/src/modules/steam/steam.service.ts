import type { Knex } from 'knex';
import {
  convertMinor,
  convertMinorInverse,
  ErrorCode,
  fromMinor,
  hasAtMostTwoDecimals,
  percentOfMinor,
  STEAM_COMMISSION_PERCENT_DEFAULT,
  toMinor,
  type BalanceCurrency,
  type SteamInputCurrency,
} from '@topup/common';
import { MAX_STEAM_AMOUNT, type SteamCalculateBody, type SteamCalculation } from '@topup/common/api';
import { AppError, validationFailed } from '../../lib/app-error';
import { ratesDal } from '../rates/rates.dal';
import { steamDal } from './steam.dal';

/** A Steam top-up priced: every amount in minor units. */
export interface SteamQuote {
  /** What the shopper asked for, in the input currency. */
  amount: number;
  inputCurrency: SteamInputCurrency;
  /** The amount in USD, before commission. */
  amountUsd: number;
  /** The commission, USD. */
  commissionUsd: number;
  /** amountUsd + commissionUsd. */
  totalUsd: number;
  balanceCurrency: BalanceCurrency;
  /** What the balance is charged: totalUsd in the balance currency. */
  totalInBalanceCurrency: number;
}

const unavailable = () =>
  new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, 'Steam top-up is unavailable right now. Please try again later.');

export const invalidAmount = (field = 'amount') =>
  validationFailed('Invalid amount', [{ field, message: `must be above 0, at most ${MAX_STEAM_AMOUNT}, with at most 2 decimals` }]);

/** A decimal Steam amount as minor units, or 400 'Invalid amount'. */
export function steamAmountToMinor(amount: number, field = 'amount'): number {
  if (!(amount > 0) || amount > MAX_STEAM_AMOUNT || !hasAtMostTwoDecimals(amount)) throw invalidAmount(field);
  return toMinor(amount);
}

/**
 * Steam pricing (DESIGN.md, Money and currencies): the amount in its input currency goes to USD by
 * the current rate, the commission (a currency setting, 3 % by default) is added in USD, and the
 * total goes to the balance currency. Integer minor units and exact decimal rates throughout.
 */
export function createSteamService(deps: { db: Knex }) {
  /** Converts input-currency minor units to USD: by the X->USD rate, else by dividing by USD->X. */
  async function toUsd(db: Knex, amount: number, currency: SteamInputCurrency): Promise<number> {
    if (currency === 'usd') return amount;
    const direct = await ratesDal.rate(db, currency, 'usd');
    if (direct) return convertMinor(amount, direct);
    const inverse = await ratesDal.rate(db, 'usd', currency);
    if (inverse) return convertMinorInverse(amount, inverse);
    throw unavailable();
  }

  async function quote(
    db: Knex,
    request: { amount: number; inputCurrency: SteamInputCurrency; balanceCurrency: BalanceCurrency },
  ): Promise<SteamQuote> {
    const amountUsd = await toUsd(db, request.amount, request.inputCurrency);
    if (amountUsd <= 0) throw invalidAmount();
    const percent = (await steamDal.commissionPercent(db)) ?? String(STEAM_COMMISSION_PERCENT_DEFAULT);
    const commissionUsd = percentOfMinor(amountUsd, percent);
    const totalUsd = amountUsd + commissionUsd;
    let totalInBalanceCurrency = totalUsd;
    if (request.balanceCurrency === 'rub') {
      const usdRubRate = await ratesDal.rate(db, 'usd', 'rub');
      if (!usdRubRate) throw unavailable();
      totalInBalanceCurrency = convertMinor(totalUsd, usdRubRate);
    }
    return {
      amount: request.amount,
      inputCurrency: request.inputCurrency,
      amountUsd,
      commissionUsd,
      totalUsd,
      balanceCurrency: request.balanceCurrency,
      totalInBalanceCurrency,
    };
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
      };
    },
  };
}

export type SteamService = ReturnType<typeof createSteamService>;
