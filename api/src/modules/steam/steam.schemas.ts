import { BALANCE_CURRENCIES, STEAM_INPUT_CURRENCIES, type BalanceCurrency, type SteamInputCurrency } from '@topup/common';

/** Largest Steam top-up in its input currency: a typo guard (KZT amounts run into the hundreds of thousands). */
export const MAX_STEAM_AMOUNT = 10_000_000;

export const calculateBody = {
  type: 'object',
  additionalProperties: false,
  required: ['amount', 'inputCurrency', 'userBalanceCurrency'],
  properties: {
    // Range and decimals are checked by the service, which answers 400 'Invalid amount'.
    amount: { type: 'number' },
    inputCurrency: { type: 'string', enum: STEAM_INPUT_CURRENCIES },
    userBalanceCurrency: { type: 'string', enum: BALANCE_CURRENCIES },
  },
} as const;

export interface CalculateBody {
  amount: number;
  inputCurrency: SteamInputCurrency;
  userBalanceCurrency: BalanceCurrency;
}
