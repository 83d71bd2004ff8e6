import type { BalanceCurrency, SteamInputCurrency } from '@topup/common';
import type { SteamCalculation, TopupData } from '@topup/common/api';

export const STEAM_IMAGE = '/images/steam.svg';

export function steamOfferName(amount: number, inputCurrency: SteamInputCurrency): string {
  return `Steam ${amount} ${inputCurrency.toUpperCase()}`;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The USD to RUB rate a RUB calculation was made at: its total in rubles over its total in dollars.
 * Null when it cannot be told (nothing to divide by).
 */
export function usdRubRateOf(rubCalculation: SteamCalculation): number | null {
  const totalUsd = rubCalculation.amountInUSD + rubCalculation.commission;
  return totalUsd > 0 && rubCalculation.amountInUserCurrency > 0 ? rubCalculation.amountInUserCurrency / totalUsd : null;
}

/**
 * What /checkout receives for a Steam top-up (spec section 3): the login is the account and the
 * player id, offer_id 0, offer_name from amount and currency, price_usd the calculation's amount in
 * USD, price_rub that amount at the store's USD to RUB rate (read off a RUB calculation, so checkout
 * can be paid in either balance currency), the commission in USD from the calculation.
 */
export function buildSteamTopupData({
  login,
  amount,
  inputCurrency,
  balanceCurrency,
  calculation,
  rubCalculation,
  imageUrl = STEAM_IMAGE,
}: {
  login: string;
  amount: number;
  inputCurrency: SteamInputCurrency;
  balanceCurrency: BalanceCurrency;
  calculation: SteamCalculation;
  /** The same top-up calculated for a RUB balance (the same object when the balance currency is RUB). */
  rubCalculation: SteamCalculation;
  imageUrl?: string;
}): TopupData {
  const account = login.trim();
  const rate = usdRubRateOf(rubCalculation);
  if (rate === null) throw new RangeError('The RUB calculation has no total to read the rate from');
  return {
    service: 'steam',
    login: account,
    player_id: account,
    offer_id: 0,
    offer_name: steamOfferName(amount, inputCurrency),
    price_usd: calculation.amountInUSD,
    price_rub: round2(calculation.amountInUSD * rate),
    input_currency: inputCurrency,
    currency: balanceCurrency,
    commission: calculation.commission,
    image_url: imageUrl,
    user_balance_currency: balanceCurrency,
    amount,
  };
}
