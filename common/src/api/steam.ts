import Type, { type Static } from 'typebox';
import { BALANCE_CURRENCIES, STEAM_INPUT_CURRENCIES } from '../money';
import { MAX_STEAM_AMOUNT, STEAM_MIN_AMOUNT } from '../steam-pricing';
import { endpoint, StringEnum, Success } from './contract';

export const SteamCalculateBody = Type.Object(
  {
    // Range and decimals are checked by the server, which answers 400 'Invalid amount' with a message key per field.
    amount: Type.Number({ description: `At least ${STEAM_MIN_AMOUNT}, at most ${MAX_STEAM_AMOUNT}, with at most 2 decimals.` }),
    inputCurrency: StringEnum(STEAM_INPUT_CURRENCIES, { description: 'The currency of `amount`.' }),
    userBalanceCurrency: StringEnum(BALANCE_CURRENCIES, { description: 'The balance that pays.' }),
  },
  { additionalProperties: false, examples: [{ amount: 5000, inputCurrency: 'kzt', userBalanceCurrency: 'rub' }] },
);
export type SteamCalculateBody = Static<typeof SteamCalculateBody>;

/** Decimals, each rounded once from the exact value (common/src/steam-pricing.ts). */
export const SteamCalculation = Type.Object(
  {
    amountInUSD: Type.Number({ description: 'The amount converted to USD, before commission.' }),
    commission: Type.Number({ description: 'USD.' }),
    amountInUserCurrency: Type.Number({ description: 'What the balance is charged: amount and commission, in the balance currency.' }),
    amountInRUB: Type.Number({ description: "The amount in RUB at the store's USD->RUB rate, before commission: the checkout's price_rub." }),
  },
  { examples: [{ amountInUSD: 10.42, commission: 0.31, amountInUserCurrency: 847.6, amountInRUB: 822.92 }] },
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
      "The amount goes to USD at the current rate, the commission (a currency setting, 3 % by default) is added in USD, and the total goes to the balance currency, exactly, each figure rounded once at the end. An amount below 1, above the maximum or with more than 2 decimals is 400 VALIDATION_FAILED with `details: [{field: 'amount', message}]`, the message a key (steam_amount_below_minimum, steam_amount_above_maximum, steam_amount_decimals). 503 while a rate it needs is missing.",
    body: SteamCalculateBody,
    response: Success({ calculation: SteamCalculation }),
    errors: [503],
  }),
};
