import Type, { type Static, type TSchema } from 'typebox';
import { STEAM_INPUT_CURRENCIES } from '../money';
import { TOPUP_SERVICES } from '../rules';
import { GAME_FIELD_VALUE_MAX_LENGTH, GAME_SLUG_PATTERN } from '../game-fields';
import { endpoint, MAX_INT, Strict, StringEnum, Success } from './contract';
import { BalanceCurrency, OrderCurrency } from './orders';
import { PlayerId } from './players';
import { GameFieldValues } from './games';

/** Most packages one PUBG order may combine (the custom amount's combination stays far below). */
export const MAX_PUBG_PACKAGES = 50;

/** What a money call says about retries: the same key replays the first answer. */
export const IDEMPOTENT_RETRIES =
  'Send an `Idempotency-Key` header (1 to 255 printable characters): a retry with the same key and body gets the first answer back instead of paying twice; the same key with another body is 422 IDEMPOTENCY_KEY_REUSED, while the first is still running 409 IDEMPOTENCY_KEY_IN_USE.';

const decimalPrice = (options: { description?: string } = {}) => Type.Number({ minimum: 0, maximum: 100_000_000, ...options });
const optionalText = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));

/**
 * `when field is value, these fields are required`, for an object's `allOf` (ajv strict mode wants the
 * fields named in `then`).
 */
export const requiredWhen = (field: string, value: string, fields: string[]) => ({
  if: { type: 'object', properties: { [field]: { const: value } } },
  then: { type: 'object', properties: Object.fromEntries(fields.map((name) => [name, true])), required: fields },
});

const topupFields = {
  service: Type.String({
    maxLength: 100,
    pattern: GAME_SLUG_PATTERN,
    description: "The game's slug: 'freefire', 'pubg', 'steam' (the specification's shapes) or any other active game.",
  }),
  login: optionalText(GAME_FIELD_VALUE_MAX_LENGTH),
  player_id: Type.Optional(Type.Union([PlayerId, Type.Null()])),
  offer_id: Type.Optional(Type.Integer({ minimum: -1, maximum: MAX_INT, description: "Free Fire: the offer's item id; PUBG: -1; Steam: 0; any other game: the denomination's id (GET /games/{slug})." })),
  offer_name: optionalText(200),
  price_usd: decimalPrice(),
  price_rub: decimalPrice(),
  input_currency: Type.Optional(StringEnum(STEAM_INPUT_CURRENCIES)),
  currency: Type.Optional(OrderCurrency),
  commission: Type.Optional(decimalPrice({ description: 'USD; 0 except on Steam.' })),
  image_url: optionalText(2048),
  packages: Type.Optional(
    Type.Array(
      Strict({
        denomination_id: Type.Integer({ minimum: 1, maximum: MAX_INT }),
        quantity: Type.Optional(Type.Integer({ const: 1 })),
      }),
      { minItems: 1, maxItems: MAX_PUBG_PACKAGES, description: 'PUBG: the chosen packages, a package chosen twice listed twice.' },
    ),
  ),
  user_balance_currency: Type.Optional(BalanceCurrency),
  amount: Type.Optional(Type.Number({ description: 'Steam: the wallet amount in `input_currency`.' })),
  fields: Type.Optional(GameFieldValues),
} satisfies Record<string, TSchema>;

const freefireExample = {
  service: 'freefire',
  login: '',
  player_id: '512345678',
  offer_id: 16_777_216,
  offer_name: '310 Diamonds',
  price_usd: 2.99,
  price_rub: 236.21,
  input_currency: 'usd',
  currency: 'usd',
  commission: 0,
  image_url: 'https://img.example/freefire.png',
};

const gameExample = {
  service: 'mobile-legends',
  offer_id: 41,
  offer_name: '86 алмазов',
  price_usd: 1.49,
  price_rub: 118,
  fields: { player_id: '512345678', zone_id: '2001' },
  player_id: '512345678',
  login: '512345678',
  input_currency: 'rub',
  currency: 'rub',
  commission: 0,
  image_url: '',
};

/**
 * The top-up data the game pages hand to checkout. Every field the specification lists for it is
 * accepted and nothing else; the prices are the shopper's claim,
 * checked against the server's.
 */
export const TopupData = Type.Object(topupFields, {
  additionalProperties: false,
  allOf: [
    requiredWhen('service', 'freefire', ['player_id', 'offer_id']),
    requiredWhen('service', 'pubg', ['player_id', 'packages']),
    requiredWhen('service', 'steam', ['login', 'amount', 'input_currency']),
    {
      if: { type: 'object', properties: { service: { not: { enum: [...TOPUP_SERVICES] } } } },
      then: { type: 'object', properties: { offer_id: true, fields: true }, required: ['offer_id', 'fields'] },
    },
  ],
  description:
    "Free Fire needs player_id and offer_id, PUBG player_id and packages, Steam login, amount and input_currency; any other game offer_id and fields, the truth about the account (player_id and login repeat the first field's value).",
  examples: [freefireExample, gameExample],
});
export type TopupData = Static<typeof TopupData>;

/** What a shopper enters at checkout, in the bodies of the three money calls. */
export const promoCodeField = Type.Optional(
  Type.String({ minLength: 1, maxLength: 64, description: 'A promo code the shopper entered; its discount is the server\'s, and a refused code is 422 PROMO_CODE_INVALID with `reason`.' }),
);

export const TopupOrderBody = Strict({ topupData: TopupData, currency: OrderCurrency, promoCode: promoCodeField });
export type TopupOrderBody = Static<typeof TopupOrderBody>;

/** An order paid from the balance: charged at once and on its way to delivery. */
export const PaidOrderFields = {
  orderId: Type.Integer({ examples: [1042] }),
  status: Type.Literal('processing', { description: 'Paid and being delivered; GET /orders/{id} follows it.' }),
};

export const TopupOrderAnswer = Success(PaidOrderFields);
export type TopupOrderAnswer = Static<typeof TopupOrderAnswer>;

/** The checks every top-up passes before money moves, whether paid from the balance or by card. */
export const TOPUP_CHECKS =
  "`service` must be an active game (404 otherwise). The server prices the top-up itself (an active Free Fire offer or denomination of the game, the chosen PUBG packages, the Steam calculation): a game's `fields` that do not fit it are 400 VALIDATION_FAILED naming `topupData.fields.<key>`; a price or commission that differs from the shopper's is 409 PRICE_CHANGED with the server's prices in details, a gone offer or package too; PUBG packages without enough codes are 409 OUT_OF_STOCK; an offer whose cheapest source costs more than its price in the order's currency, unless an admin confirmed selling it at a loss, is 409 OFFER_UNAVAILABLE (`details.denomination_ids`). The account is checked with the game first: an unknown one is 422 with `details.field`, a game that cannot answer 503.";

export const topupEndpoints = {
  create: endpoint({
    method: 'post',
    path: '/orders/topup',
    auth: 'user',
    tag: 'Orders',
    summary: 'Buy a game top-up from the balance',
    description: [
      TOPUP_CHECKS,
      'The balance of `currency` is charged at once (409 INSUFFICIENT_BALANCE "You need X but have Y" when short) and the top-up is delivered in the background.',
      IDEMPOTENT_RETRIES,
    ].join(' '),
    body: TopupOrderBody,
    status: 201,
    response: TopupOrderAnswer,
    errors: [404, 409, 422, 503],
  }),
};
