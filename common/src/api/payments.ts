import Type, { type Static } from 'typebox';
import { endpoint, Nullable, Strict, StringEnum, Success } from './contract';
import { BalanceCurrency, GATEWAY_METHODS, GatewayMethod, OrderCurrency } from './orders';
import { IDEMPOTENT_RETRIES, PaidOrderFields, promoCodeField, requiredWhen, TOPUP_CHECKS, TopupData } from './topup';

const tag = 'Payments';

export const FromBalanceBody = Strict(
  { currency: OrderCurrency, promoCode: promoCodeField },
  { description: 'Only the currency, and a promo code: prices and totals come from the database, so a client cannot send them.' },
);
export type FromBalanceBody = Static<typeof FromBalanceBody>;

export const CheckoutAnswer = Success({
  ...PaidOrderFields,
  total: Type.Number({ description: 'Charged, in `currency`, after any promo code.', examples: [24.48] }),
  discount: Type.Number({ description: 'What a promo code took off, in `currency`.', examples: [0] }),
  promotion_discount: Type.Optional(Type.Number({ description: 'What promotions took off the list prices, in `currency`, before any promo code; present only when they did.' })),
  currency: OrderCurrency,
});
export type CheckoutAnswer = Static<typeof CheckoutAnswer>;

const paymentFields = {
  currency: OrderCurrency,
  promoCode: promoCodeField,
  email: Type.Optional(
    Type.String({ format: 'email', maxLength: 254, description: 'Where the fiscal receipt goes, when GET /payment/methods says `receipt_email_required`.' }),
  ),
};
const cartAmount = Type.Number({
  exclusiveMinimum: 0,
  maximum: 100_000_000,
  description: "The cart total the shopper saw, in `currency`: compared with the server's, never charged.",
});

// The two kinds of payment, with `method` as the server holds it once validated (defaulted to card).
export const CartPaymentBody = Type.Object({ type: Type.Literal('order'), amount: cartAmount, method: GatewayMethod, ...paymentFields });
export type CartPaymentBody = Static<typeof CartPaymentBody>;
export const TopupPaymentBody = Type.Object({ type: Type.Literal('topup'), topupData: TopupData, method: GatewayMethod, ...paymentFields });
export type TopupPaymentBody = Static<typeof TopupPaymentBody>;

/**
 * A gateway payment for the whole cart (`order`, with the total the shopper saw) or for one game
 * top-up (`topup`, with the same topupData POST /orders/topup takes).
 */
export const CreatePaymentBody = Type.Unsafe<CartPaymentBody | TopupPaymentBody>(
  Type.Object(
    {
      type: StringEnum(['order', 'topup']),
      amount: Type.Optional(cartAmount),
      topupData: Type.Optional(TopupData),
      method: Type.Optional(StringEnum(GATEWAY_METHODS, { default: 'card' })),
      ...paymentFields,
    },
    {
      additionalProperties: false,
      allOf: [requiredWhen('type', 'order', ['amount']), requiredWhen('type', 'topup', ['topupData'])],
      description: '`order` needs amount, `topup` needs topupData.',
      examples: [{ type: 'order', amount: 21.98, currency: 'usd', method: 'card' }],
    },
  ),
);
export type CreatePaymentBody = Static<typeof CreatePaymentBody>;

export const PaymentStarted = Type.Object(
  {
    pay_url: Type.String({ description: "The gateway's pay page to send the shopper's browser to." }),
    orderId: Type.Integer(),
  },
  { examples: [{ pay_url: 'https://yoomoney.ru/checkout/payments/v2/contract?orderId=2e9c2b1f-000f-5000-8000-1b2c3d4e5f60', orderId: 1042 }] },
);
export type PaymentStarted = Static<typeof PaymentStarted>;

/** One gateway the store pays through: what it takes, for orders in which currencies. */
export const PaymentGatewayOffer = Type.Object({
  provider: Type.String({ description: '`sandbox`, `yookassa`, `payme`, `click`.' }),
  methods: Type.Array(GatewayMethod),
  currencies: Type.Array(OrderCurrency, { description: 'The order currencies it takes: the checkout offers its methods for these only.' }),
  charge_currency: Type.Union([BalanceCurrency, Type.Null()], { description: "The one currency it charges in, or null: the order's own." }),
  receipt_email_required: Type.Boolean(),
  refunds_to_card: Type.Boolean(),
});
export type PaymentGatewayOffer = Static<typeof PaymentGatewayOffer>;

/** What the checkout may offer, from the configured gateways (PAYMENT_PROVIDER, in its order). */
export const PaymentMethods = Type.Object(
  {
    methods: Type.Array(StringEnum(['balance', ...GATEWAY_METHODS]), {
      description: '`balance` always (for USD and RUB orders); then what any gateway takes.',
    }),
    gateways: Type.Array(PaymentGatewayOffer, { description: 'Each gateway with the methods and order currencies it takes; the first that takes a method and currency is the one used.' }),
    provider: Type.String({ description: 'The first gateway; `charge_currency`, `receipt_email_required` and `refunds_to_card` are its.' }),
    charge_currency: Type.Union([BalanceCurrency, Type.Null()], {
      description: "The one currency the gateway charges in (a USD order is charged its RUB total), or null: the order's own.",
    }),
    rate_usd_rub: Nullable(Type.String({ description: 'The USD->RUB rate an order placed now is locked at, as a decimal text.' })),
    rate_usd_uzs: Nullable(Type.String({ description: 'The USD->UZS rate UZS prices are converted at (whole sums), as a decimal text.' })),
    receipt_email_required: Type.Boolean({ description: 'The checkout asks for an email: the gateway sends a fiscal receipt there.' }),
    refunds_to_card: Type.Boolean(),
  },
  {
    examples: [
      {
        methods: ['balance', 'card', 'sbp', 'payme', 'click'],
        gateways: [
          { provider: 'yookassa', methods: ['card', 'sbp'], currencies: ['usd', 'rub'], charge_currency: 'rub', receipt_email_required: true, refunds_to_card: true },
          { provider: 'payme', methods: ['payme'], currencies: ['uzs'], charge_currency: null, receipt_email_required: false, refunds_to_card: false },
          { provider: 'click', methods: ['click'], currencies: ['uzs'], charge_currency: null, receipt_email_required: false, refunds_to_card: false },
        ],
        provider: 'yookassa',
        charge_currency: 'rub',
        rate_usd_rub: '79.5',
        rate_usd_uzs: '12650',
        receipt_email_required: true,
        refunds_to_card: true,
      },
    ],
  },
);
export type PaymentMethods = Static<typeof PaymentMethods>;

export const paymentsEndpoints = {
  fromBalance: endpoint({
    method: 'post',
    path: '/payment/from-balance',
    auth: 'user',
    tag,
    summary: 'Pay the whole cart from the balance',
    description: [
      "One transaction takes a code of each line's price option per unit, charges the balance of `currency`, writes the order and empties the cart; the order is then delivered in the background. Prices are the stock's own.",
      'An empty cart is 400 CART_EMPTY; a line short of stock 409 OUT_OF_STOCK (`details: {productId, requested, available}`); a short balance 409 INSUFFICIENT_BALANCE; no exchange rate yet 503.',
      IDEMPOTENT_RETRIES,
    ].join(' '),
    body: FromBalanceBody,
    status: 201,
    response: CheckoutAnswer,
    errors: [409, 503],
  }),
  create: endpoint({
    method: 'post',
    path: '/payment/create',
    auth: 'user',
    tag,
    summary: 'Start a card, SBP, Payme or Click payment for the cart or a top-up',
    description: [
      "Places the order as `pending`, holding its codes (or a top-up's PUBG codes) until the payment deadline, and answers the gateway's pay page. The gateway's answer arrives by webhook; an unpaid order is cancelled at the deadline and the cart given back.",
      "For the cart, an `amount` other than the server's total is 409 PRICE_CHANGED (`details: {amount, currency}`). For a top-up: " + TOPUP_CHECKS,
      'A method no gateway takes for the order currency is 422 (a UZS order is paid through a gateway that takes sums, such as Payme or Click); a gateway that cannot start the payment 503, with nothing held.',
      IDEMPOTENT_RETRIES,
    ].join(' '),
    body: CreatePaymentBody,
    status: 201,
    response: PaymentStarted,
    errors: [404, 409, 422, 429, 503],
  }),
  methods: endpoint({
    method: 'get',
    path: '/payment/methods',
    auth: 'none',
    tag,
    summary: 'How the checkout can be paid',
    description: 'Open before sign-in, so the checkout can show the methods, the charged currency and whether it needs an email.',
    response: PaymentMethods,
  }),
};
