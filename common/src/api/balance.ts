import Type, { type Static } from 'typebox';
import { BALANCE_CURRENCIES } from '../money';
import { MIN_BALANCE_TOPUP } from '../rules';
import { endpoint, StringEnum } from './contract';

/** Largest single top-up: a typo guard, far below where minor units stop being exact. */
export const MAX_BALANCE_TOPUP = 1_000_000;

/** One balance of the account, USD or RUB; `amount` is a decimal. */
export const Balance = Type.Object({ currency: StringEnum(BALANCE_CURRENCIES), amount: Type.Number() });
export type Balance = Static<typeof Balance>;

/** Every balance of the account, one per currency. */
export const Balances = Type.Array(Balance, {
  examples: [
    [
      { currency: 'usd', amount: 12.5 },
      { currency: 'rub', amount: 1500 },
    ],
  ],
});
export type Balances = Static<typeof Balances>;

export const BalanceTopupBody = Type.Object(
  {
    currency: StringEnum(BALANCE_CURRENCIES),
    // At most two decimals is checked by the server (a JSON schema multipleOf trips over floats).
    amount: Type.Number({ minimum: MIN_BALANCE_TOPUP, maximum: MAX_BALANCE_TOPUP, description: 'A decimal with at most 2 decimals.' }),
  },
  { additionalProperties: false, examples: [{ currency: 'rub', amount: 500 }] },
);
export type BalanceTopupBody = Static<typeof BalanceTopupBody>;

const tag = 'Balance';

export const balanceEndpoints = {
  list: endpoint({ method: 'get', path: '/balance', auth: 'user', tag, summary: 'Your balances', response: Balances }),
  topup: endpoint({
    method: 'post',
    path: '/balance/topup',
    auth: 'admin',
    tag,
    summary: 'Credit your own balance (administrators)',
    description: "The profile page's top-up button of an admin: ledgered and audited. Answers the balances after it.",
    body: BalanceTopupBody,
    response: Balances,
  }),
};
