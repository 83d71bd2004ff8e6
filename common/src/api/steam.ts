import Type, { type Static } from 'typebox';
import { BALANCE_CURRENCIES, STEAM_INPUT_CURRENCIES } from '../money';
import { endpoint, StringEnum, Success } from './contract';

/** Largest Steam top-up in its input currency: a typo guard (KZT amounts run into the hundreds of thousands). */
export const MAX_STEAM_AMOUNT = 10_000_000;

export const SteamCalculateBody = Type.Object(
  {
    // Range and decimals are checked by the server, which answers 400 'Invalid amount'.
    amount: Type.Number({ description: `Above 0, at most ${MAX_STEAM_AMOUNT}, with at most 2 decimals.` }),
    inputCurrency: StringEnum(STEAM_INPUT_CURRENCIES, { description: 'The currency of `amount`.' }),
    userBalanceCurrency: StringEnum(BALANCE_CURRENCIES, { description: 'The balance that pays.' }),
  },
  { additionalProperties: false, examples: [{ amount: 5000, inputCurrency: 'kzt', userBalanceCurrency: 'rub' }] },
);
export type SteamCalculateBody = Static<typeof SteamCalculateBody>;

/** Decimals. */
export const SteamCalculation = Type.Object(
  {
    amountInUSD: Type.Number({ description: 'The amount converted to USD, before commission.' }),
    commission: Type.Number({ description: 'USD.' }),
    amountInUserCurrency: Type.Number({ description: 'What the balance is charged: amount and commission, in the balance currency.' }),
  },
  { examples: [{ amountInUSD: 10.4, commission: 0.31, amountInUserCurrency: 846.1 }] },
);
export type SteamCalculation = Static<typeof SteamCalculation>;

export const steamEndpoints = {
  calculate: endpoint({
    method: 'post',
    path: '/steam/calculate',
    auth: 'user',
    tag: 'Steam',
    summary: 'Price a Steam top-up',
    description:
      "The amount goes to USD at the current rate, the commission (a currency setting, 3 % by default) is added in USD, and the total goes to the balance currency. 503 while a rate it needs is missing.",
    body: SteamCalculateBody,
    response: Success({ calculation: SteamCalculation }),
    errors: [503],
  }),
};
