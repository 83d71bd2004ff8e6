import type { BalanceCurrency, SteamInputCurrency } from '@topup/common';
import type { SteamCalculation, TopupData } from '@topup/common/api';

export const STEAM_IMAGE = '/images/steam.svg';

export function steamOfferName(amount: number, inputCurrency: SteamInputCurrency): string {
  return `Steam ${amount} ${inputCurrency.toUpperCase()}`;
}

/**
 * What /checkout receives for a Steam top-up: the login is the account and the
 * player id, offer_id 0, offer_name from amount and currency, price_usd the calculation's amount in
 * USD, price_rub the calculation's amount in RUB (so checkout can be paid in either balance currency),
 * the commission in USD from the calculation. Every figure is the server's: nothing is re-rounded here.
 */
export function buildSteamTopupData({
  login,
  amount,
  inputCurrency,
  balanceCurrency,
  calculation,
  imageUrl = STEAM_IMAGE,
}: {
  login: string;
  amount: number;
  inputCurrency: SteamInputCurrency;
  balanceCurrency: BalanceCurrency;
  calculation: SteamCalculation;
  imageUrl?: string;
}): TopupData {
  const account = login.trim();
  return {
    service: 'steam',
    login: account,
    player_id: account,
    offer_id: 0,
    offer_name: steamOfferName(amount, inputCurrency),
    price_usd: calculation.amountInUSD,
    price_rub: calculation.amountInRUB,
    input_currency: inputCurrency,
    currency: balanceCurrency,
    commission: calculation.commission,
    image_url: imageUrl,
    user_balance_currency: balanceCurrency,
    amount,
  };
}
