import { fromMinor, toMinor } from '@topup/common';
import type { Balances, CartAnswer, CartLine, FreefireOffer, Game, PaymentMethods, PubgPackage, TopupData } from '@topup/common/api';

/* What the API answers in the component tests, built in the contracts' shapes. */

/** A cart line of a 1,000 UZS gift card; override what the test is about. */
export function cartLine(overrides: Partial<CartLine> = {}): CartLine {
  return {
    id: 1,
    product_id: 10,
    product_title: 'Google Play',
    image_url: '',
    game_amount: 1000,
    game_currency: 'UZS',
    price_usd: 1.5,
    price_rub: 120,
    quantity: 1,
    available_count: 50,
    region_id: null,
    ...overrides,
  };
}

/** The cart holding `lines`, with its subtotals summed as the server sums them. */
export function cartAnswer(lines: CartLine[]): CartAnswer {
  const sum = (price: (line: CartLine) => number) => fromMinor(lines.reduce((total, line) => total + toMinor(price(line)) * line.quantity, 0));
  return { success: true, data: lines, subtotal: { usd: sum((line) => line.price_usd), rub: sum((line) => line.price_rub) } };
}

export function balances(rub: number, usd = 0): Balances {
  return [
    { currency: 'usd', amount: usd },
    { currency: 'rub', amount: rub },
  ];
}

/**
 * A YooKassa-like gateway: card and SBP for USD and RUB orders, charged in the order's own currency, no
 * receipt email. The top-level overrides (methods, charge_currency, receipt_email_required) describe that
 * one gateway; `gateways` replaces it (a store with Payme for sums, say).
 */
export function paymentMethods(overrides: Partial<PaymentMethods> = {}): PaymentMethods {
  const base = {
    methods: ['balance', 'card', 'sbp'],
    provider: 'yookassa',
    charge_currency: null,
    rate_usd_rub: null,
    rate_usd_uzs: null,
    receipt_email_required: false,
    refunds_to_card: true,
    ...overrides,
  } satisfies Omit<PaymentMethods, 'gateways'>;
  const methods = base.methods.filter((method) => method !== 'balance');
  const gateway = {
    provider: base.provider,
    methods,
    currencies: ['usd', 'rub'] as Array<'usd' | 'rub' | 'uzs'>,
    charge_currency: base.charge_currency,
    receipt_email_required: base.receipt_email_required,
    refunds_to_card: base.refunds_to_card,
  };
  return { ...base, gateways: overrides.gateways ?? (methods.length > 0 ? [gateway] : []) };
}

/** A store paying sums through Payme beside a YooKassa-like gateway, at 12 650 sums to the dollar. */
export function paymentMethodsWithPayme(): PaymentMethods {
  const yookassa = paymentMethods();
  return {
    ...yookassa,
    methods: ['balance', 'card', 'sbp', 'payme'],
    rate_usd_uzs: '12650',
    gateways: [
      ...yookassa.gateways,
      { provider: 'payme', methods: ['payme'], currencies: ['uzs'], charge_currency: null, receipt_email_required: false, refunds_to_card: false },
    ],
  };
}

/** A store paying sums through Payme and Click beside a YooKassa-like gateway. */
export function paymentMethodsWithPaymeAndClick(): PaymentMethods {
  const withPayme = paymentMethodsWithPayme();
  return {
    ...withPayme,
    methods: [...withPayme.methods, 'click'],
    gateways: [
      ...withPayme.gateways,
      { provider: 'click', methods: ['click'], currencies: ['uzs'], charge_currency: null, receipt_email_required: false, refunds_to_card: false },
    ],
  };
}

export const PUBG_PACKAGES: PubgPackage[] = [
  { id: 1, uc_amount: 60, name: '', price_usd: 0.99, price_rub: 80 },
  { id: 2, uc_amount: 325, name: '', price_usd: 4.99, price_rub: 400 },
  { id: 3, uc_amount: 660, name: '', price_usd: 9.99, price_rub: 800 },
];

/** What the PUBG page hands to checkout for 385 UC (packages 1 and 2) for player 512345678, paid in rubles. */
export const PUBG_TOPUP: TopupData = {
  service: 'pubg',
  login: '512345678',
  player_id: '512345678',
  offer_id: -1,
  offer_name: 'PUBG Mobile 385\u00a0UC',
  price_usd: 5.98,
  price_rub: 480,
  input_currency: 'rub',
  currency: 'rub',
  commission: 0,
  image_url: '/images/pubg.svg',
  packages: [
    { denomination_id: 1, quantity: 1 },
    { denomination_id: 2, quantity: 1 },
  ],
};

/** A Free Fire offer as GET /freefire/offers answers it: 100 diamonds at $0.99 / 78.21 ₽. */
export const FREEFIRE_OFFER: FreefireOffer = { id: 1, item_id: 101, name: '100 алмазов', game_amount: 100, is_active: true, price: 0.99, price_rub: 78.21 };

/** What the Free Fire page hands to checkout for FREEFIRE_OFFER for player 512345678, paid in rubles. */
export const FREEFIRE_TOPUP: TopupData = {
  service: 'freefire',
  login: '512345678',
  player_id: '512345678',
  offer_id: 101,
  offer_name: '100 алмазов',
  price_usd: 0.99,
  price_rub: 78.21,
  input_currency: 'rub',
  currency: 'rub',
  commission: 0,
  image_url: '/images/freefire.svg',
};

/** The diamonds of Mobile Legends on sale: 11 denominations, so the grid has two pages. */
const DIAMONDS = [11, 22, 56, 86, 172, 257, 344, 429, 514, 706, 878];

/** Mobile Legends as GET /games/mobile-legends answers in Russian: a player id and a zone, the player check on. */
export const MOBILE_LEGENDS: Game = {
  slug: 'mobile-legends',
  title: 'Mobile Legends',
  description: 'Алмазы по ID игрока и зоне',
  image_url: '/images/mobile-legends.png',
  player_check: true,
  fields: [
    { key: 'player_id', label: 'ID игрока', kind: 'text', pattern: '^[0-9]{5,12}$', required: true },
    { key: 'zone_id', label: 'Зона', kind: 'text', pattern: '^[0-9]{1,5}$', required: true },
  ],
  denominations: DIAMONDS.map((amount, index) => ({
    id: 41 + index,
    name: `${amount} алмазов`,
    amount,
    unit: 'алмазов',
    price_usd: fromMinor(Math.round(amount * 1.75)),
    price_rub: fromMinor(amount * 140),
  })),
};

/** What the Mobile Legends page hands to checkout for 86 diamonds (denomination 44) for player 512345678 in zone 2001, paid in rubles. */
export const MOBILE_LEGENDS_TOPUP: TopupData = {
  service: 'mobile-legends',
  offer_id: 44,
  offer_name: '86 алмазов',
  price_usd: 1.51,
  price_rub: 120.4,
  fields: { player_id: '512345678', zone_id: '2001' },
  player_id: '512345678',
  login: '512345678',
  input_currency: 'rub',
  currency: 'rub',
  commission: 0,
  image_url: '/images/mobile-legends.png',
};

/** Genshin Impact: a UID of 9 digits and a server from a list, no player check, two denominations. */
export const GENSHIN_IMPACT: Game = {
  slug: 'genshin-impact',
  title: 'Genshin Impact',
  description: '',
  image_url: '',
  player_check: false,
  fields: [
    { key: 'uid', label: 'UID', kind: 'number', pattern: '^[0-9]{9}$', required: true },
    {
      key: 'server',
      label: 'Сервер',
      kind: 'select',
      pattern: null,
      required: true,
      choices: [
        { value: 'os_euro', label: 'Европа' },
        { value: 'os_asia', label: 'Азия' },
      ],
    },
    { key: 'nickname', label: 'Ник', kind: 'text', pattern: null, required: false },
  ],
  denominations: [
    { id: 7, name: '60 кристаллов', amount: 60, unit: 'кристаллов', price_usd: 0.99, price_rub: 85 },
    { id: 8, name: 'Благословение полой луны', amount: 1, unit: '', price_usd: 4.99, price_rub: 420 },
  ],
};
