import {
  BALANCE_CURRENCIES,
  STEAM_INPUT_CURRENCIES,
  TOPUP_SERVICES,
  type BalanceCurrency,
  type SteamInputCurrency,
  type TopupService,
} from '@topup/common';
import { MAX_INT } from '../../lib/admin-input';
import { playerIdSchema } from './player-check.schemas';

/** Most packages one PUBG order may combine (the custom amount's combination stays far below). */
export const MAX_PUBG_PACKAGES = 50;

const decimalPrice = { type: 'number', minimum: 0, maximum: 100_000_000 } as const;
const optionalText = (maxLength: number) => ({ anyOf: [{ type: 'string', maxLength }, { type: 'null' }] }) as const;

/** `when service is X, these fields are required` (ajv strict mode wants the fields named in `then`). */
const requiredFor = (service: TopupService, fields: string[]) => ({
  if: { type: 'object', properties: { service: { const: service } } },
  then: { type: 'object', properties: Object.fromEntries(fields.map((field) => [field, true])), required: fields },
});

/**
 * The top-up data the game pages hand to checkout (spec, section 3). Every field the specification
 * lists is accepted and nothing else; the prices are the client's claim, checked against the server's.
 */
export const topupDataSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['service', 'price_usd', 'price_rub'],
  properties: {
    service: { type: 'string', enum: TOPUP_SERVICES },
    login: optionalText(64),
    player_id: { anyOf: [playerIdSchema, { type: 'null' }] },
    // Free Fire: the offer's item id; PUBG: -1; Steam: 0.
    offer_id: { type: 'integer', minimum: -1, maximum: MAX_INT },
    offer_name: optionalText(200),
    price_usd: decimalPrice,
    price_rub: decimalPrice,
    input_currency: { type: 'string', enum: STEAM_INPUT_CURRENCIES },
    currency: { type: 'string', enum: BALANCE_CURRENCIES },
    commission: decimalPrice,
    image_url: optionalText(2048),
    packages: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_PUBG_PACKAGES,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['denomination_id'],
        properties: {
          denomination_id: { type: 'integer', minimum: 1, maximum: MAX_INT },
          quantity: { type: 'integer', const: 1 },
        },
      },
    },
    user_balance_currency: { type: 'string', enum: BALANCE_CURRENCIES },
    amount: { type: 'number' },
  },
  allOf: [
    requiredFor('freefire', ['player_id', 'offer_id']),
    requiredFor('pubg', ['player_id', 'packages']),
    requiredFor('steam', ['login', 'amount', 'input_currency']),
  ],
} as const;

export const topupOrderBody = {
  type: 'object',
  additionalProperties: false,
  required: ['topupData', 'currency'],
  properties: {
    topupData: topupDataSchema,
    currency: { type: 'string', enum: BALANCE_CURRENCIES },
  },
} as const;

export interface TopupData {
  service: TopupService;
  login?: string | null;
  player_id?: string | null;
  offer_id?: number;
  offer_name?: string | null;
  price_usd: number;
  price_rub: number;
  input_currency?: SteamInputCurrency;
  currency?: BalanceCurrency;
  commission?: number;
  image_url?: string | null;
  packages?: Array<{ denomination_id: number; quantity?: 1 }>;
  user_balance_currency?: BalanceCurrency;
  amount?: number;
}

export interface TopupOrderBody {
  topupData: TopupData;
  currency: BalanceCurrency;
}
