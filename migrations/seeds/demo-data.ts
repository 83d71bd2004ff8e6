/**
 * The demo catalogue: what a fresh store shows. Plain data, inserted by ./demo.ts.
 * Prices are USD minor units; RUB prices are derived at the seeded rate (USD x 79).
 */

export const DEMO_USD_RUB_RATE = '79';

export interface RegionSeed {
  code: string;
  name: string;
  flag: string;
  game_currency: string;
  is_active: boolean;
}

export const REGIONS: readonly RegionSeed[] = [
  { code: 'TR', name: 'Türkiye', flag: '🇹🇷', game_currency: 'TRY', is_active: true },
  { code: 'US', name: 'United States', flag: '🇺🇸', game_currency: 'USD', is_active: true },
  { code: 'EU', name: 'Europe', flag: '🇪🇺', game_currency: 'EUR', is_active: true },
  { code: 'RU', name: 'Russia', flag: '🇷🇺', game_currency: 'RUB', is_active: true },
  { code: 'KZ', name: 'Kazakhstan', flag: '🇰🇿', game_currency: 'KZT', is_active: true },
  { code: 'IN', name: 'India', flag: '🇮🇳', game_currency: 'INR', is_active: true },
  // Inactive: shows the toggle in the back office; no product is sold there.
  { code: 'AR', name: 'Argentina', flag: '🇦🇷', game_currency: 'ARS', is_active: false },
];

/** One price option: `count` codes of `game_amount` at `price_usd` (minor units). */
export interface CodeOptionSeed {
  game_amount: number;
  price_usd: number;
  count: number;
  popular?: boolean;
}

/** Where a gift card is sold: a region (with an optional game-currency override) or global (null). */
export interface CodeGroupSeed {
  region: string | null;
  game_currency_override?: string;
  options: readonly CodeOptionSeed[];
}

export interface ProductSeed {
  slug: string;
  title: string;
  description: string;
  keywords: string;
  category: 'topup' | 'gift_card';
  game_currency: string;
  activation_instructions: string;
  sort_order: number;
  /** Gift cards only: the codes to load, by region or global. */
  codes?: readonly CodeGroupSeed[];
}

const lines = (...text: string[]) => text.join('\n');

export const TOPUP_PRODUCTS: readonly ProductSeed[] = [
  {
    slug: 'pubg',
    title: 'PUBG Mobile UC',
    description: 'Unknown Cash for PUBG Mobile, credited straight to your account by player ID.',
    keywords: 'pubg,pubg mobile,uc,unknown cash,battle royale,royale pass',
    category: 'topup',
    game_currency: 'UC',
    activation_instructions: lines(
      '1. Open PUBG Mobile and copy your player ID from your profile.',
      '2. Paste the ID and press "Check" to confirm your nickname.',
      '3. Pick one or more UC packages, or type the amount you need.',
      '4. Pay: UC arrives on your account within 15 minutes.',
    ),
    sort_order: 1,
  },
  {
    slug: 'freefire',
    title: 'Free Fire Diamonds',
    description: 'Diamonds for Garena Free Fire: top up by player ID or redeem a Free Fire code.',
    keywords: 'free fire,freefire,garena,diamonds,battle royale',
    category: 'topup',
    game_currency: 'Diamonds',
    activation_instructions: lines(
      '1. Open Free Fire and copy your player ID from your profile.',
      '2. Paste the ID and press "Check" to confirm your nickname.',
      '3. Choose a diamond offer and pay.',
      '4. Bought a code? Enter it with your player ID on the "Activate code" tab.',
    ),
    sort_order: 2,
  },
  {
    slug: 'steam',
    title: 'Steam Wallet Top-Up',
    description: 'Add funds to any Steam wallet by login, in USD, RUB or KZT. No code to redeem.',
    keywords: 'steam,steam wallet,valve,pc games,top up by login',
    category: 'topup',
    game_currency: 'USD',
    activation_instructions: lines(
      '1. Enter your Steam account login (not the profile name).',
      '2. Enter the amount and its currency; the total with commission is shown at once.',
      '3. Pay: the funds reach the wallet within 15 minutes.',
    ),
    sort_order: 3,
  },
];

export const GIFT_CARD_PRODUCTS: readonly ProductSeed[] = [
  {
    slug: 'steam-gift-card',
    title: 'Steam Gift Card',
    description: 'A Steam wallet code for your region: games, DLC and in-game items on Steam.',
    keywords: 'steam,gift card,wallet code,valve,pc games',
    category: 'gift_card',
    game_currency: 'USD',
    activation_instructions: lines(
      '1. Sign in to Steam in the app or at store.steampowered.com.',
      '2. Open your account menu and choose "Add funds to your Steam Wallet".',
      '3. Choose "Redeem a Steam Gift Card or Wallet Code" and enter the code.',
      'The code only works for accounts of the region it was bought for.',
    ),
    sort_order: 10,
    codes: [
      {
        region: 'US',
        options: [
          { game_amount: 5, price_usd: 525, count: 12 },
          { game_amount: 10, price_usd: 1049, count: 15, popular: true },
          { game_amount: 20, price_usd: 2089, count: 8 },
          { game_amount: 50, price_usd: 5199, count: 5 },
        ],
      },
      {
        region: 'EU',
        game_currency_override: 'EUR',
        options: [
          { game_amount: 5, price_usd: 579, count: 10 },
          { game_amount: 10, price_usd: 1149, count: 9, popular: true },
          { game_amount: 25, price_usd: 2849, count: 4 },
        ],
      },
      {
        region: 'TR',
        game_currency_override: 'TRY',
        options: [
          { game_amount: 100, price_usd: 349, count: 14, popular: true },
          { game_amount: 250, price_usd: 849, count: 7 },
          { game_amount: 500, price_usd: 1649, count: 3 },
        ],
      },
      {
        region: 'RU',
        game_currency_override: 'RUB',
        options: [
          { game_amount: 500, price_usd: 649, count: 11 },
          { game_amount: 1000, price_usd: 1289, count: 6 },
        ],
      },
    ],
  },
  {
    slug: 'playstation-store',
    title: 'PlayStation Store Gift Card',
    description: 'PlayStation Store credit for games, add-ons and PlayStation Plus on PS4 and PS5.',
    keywords: 'playstation,psn,ps4,ps5,sony,gift card,playstation plus',
    category: 'gift_card',
    game_currency: 'USD',
    activation_instructions: lines(
      '1. On your console open PlayStation Store and press the menu button.',
      '2. Choose "Redeem code" and enter the 12-character code.',
      '3. The credit appears in your wallet at once.',
      'Your PlayStation account must be registered in the card\'s region.',
    ),
    sort_order: 11,
    codes: [
      {
        region: 'US',
        options: [
          { game_amount: 10, price_usd: 1049, count: 13, popular: true },
          { game_amount: 25, price_usd: 2599, count: 8 },
          { game_amount: 50, price_usd: 5199, count: 4 },
        ],
      },
      {
        region: 'EU',
        game_currency_override: 'EUR',
        options: [
          { game_amount: 10, price_usd: 1149, count: 10 },
          { game_amount: 20, price_usd: 2279, count: 6, popular: true },
          { game_amount: 50, price_usd: 5649, count: 3 },
        ],
      },
      {
        region: 'TR',
        game_currency_override: 'TRY',
        options: [
          { game_amount: 250, price_usd: 849, count: 9 },
          { game_amount: 500, price_usd: 1649, count: 5 },
        ],
      },
      {
        region: 'IN',
        game_currency_override: 'INR',
        options: [
          { game_amount: 500, price_usd: 649, count: 7 },
          { game_amount: 1000, price_usd: 1279, count: 4 },
        ],
      },
    ],
  },
  {
    slug: 'xbox-gift-card',
    title: 'Xbox Gift Card',
    description: 'Credit for the Microsoft Store on Xbox and Windows: games, apps and Game Pass.',
    keywords: 'xbox,microsoft,game pass,gift card,windows',
    category: 'gift_card',
    game_currency: 'USD',
    activation_instructions: lines(
      '1. Go to redeem.microsoft.com, or press the Xbox button and open Store > Redeem.',
      '2. Sign in with your Microsoft account.',
      '3. Enter the 25-character code and confirm.',
    ),
    sort_order: 12,
    codes: [
      {
        region: null,
        options: [
          { game_amount: 5, price_usd: 529, count: 10 },
          { game_amount: 10, price_usd: 1049, count: 15, popular: true },
          { game_amount: 25, price_usd: 2599, count: 7 },
          { game_amount: 50, price_usd: 5149, count: 3 },
        ],
      },
    ],
  },
  {
    slug: 'google-play',
    title: 'Google Play Gift Card',
    description: 'Google Play balance for apps, games, in-app purchases, films and books.',
    keywords: 'google play,android,play store,gift card,apps',
    category: 'gift_card',
    game_currency: 'USD',
    activation_instructions: lines(
      '1. Open the Google Play Store app and tap your profile picture.',
      '2. Tap "Payments & subscriptions", then "Redeem code".',
      '3. Enter the code and tap "Redeem".',
      'Google Play codes work only in the country they were issued for.',
    ),
    sort_order: 13,
    codes: [
      {
        region: 'US',
        options: [
          { game_amount: 5, price_usd: 529, count: 12 },
          { game_amount: 10, price_usd: 1049, count: 10, popular: true },
          { game_amount: 25, price_usd: 2599, count: 5 },
        ],
      },
      {
        region: 'TR',
        game_currency_override: 'TRY',
        options: [
          { game_amount: 100, price_usd: 349, count: 8 },
          { game_amount: 250, price_usd: 829, count: 4 },
        ],
      },
      {
        region: 'IN',
        game_currency_override: 'INR',
        options: [
          { game_amount: 100, price_usd: 139, count: 10 },
          { game_amount: 500, price_usd: 649, count: 6 },
        ],
      },
      {
        region: 'KZ',
        game_currency_override: 'KZT',
        options: [
          { game_amount: 2000, price_usd: 449, count: 5 },
          { game_amount: 5000, price_usd: 1099, count: 3 },
        ],
      },
    ],
  },
  {
    slug: 'apple-gift-card',
    title: 'Apple Gift Card',
    description: 'One card for the App Store, Apple Music, iCloud+ and everything else from Apple.',
    keywords: 'apple,itunes,app store,icloud,apple music,gift card,iphone',
    category: 'gift_card',
    game_currency: 'USD',
    activation_instructions: lines(
      '1. On your iPhone or iPad open the App Store and tap your photo.',
      '2. Tap "Redeem Gift Card or Code", then "Enter Code Manually".',
      '3. Enter the code and tap "Redeem".',
    ),
    sort_order: 14,
    codes: [
      {
        region: null,
        options: [
          { game_amount: 5, price_usd: 539, count: 9 },
          { game_amount: 10, price_usd: 1059, count: 12, popular: true },
          { game_amount: 25, price_usd: 2629, count: 6 },
          { game_amount: 50, price_usd: 5229, count: 3 },
        ],
      },
    ],
  },
  {
    slug: 'razer-gold',
    title: 'Razer Gold',
    description: 'Razer Gold PINs: the gamer wallet accepted in thousands of games and stores.',
    keywords: 'razer,razer gold,pin,wallet,gift card',
    category: 'gift_card',
    game_currency: 'USD',
    activation_instructions: lines(
      '1. Sign in at gold.razer.com.',
      '2. Choose "Reload" and then "Razer Gold PIN".',
      '3. Enter the PIN: the Razer Gold appears in your wallet at once.',
    ),
    sort_order: 15,
    codes: [
      {
        region: null,
        options: [
          { game_amount: 5, price_usd: 519, count: 8 },
          { game_amount: 10, price_usd: 1029, count: 11 },
          { game_amount: 25, price_usd: 2559, count: 6, popular: true },
          { game_amount: 50, price_usd: 5099, count: 3 },
        ],
      },
    ],
  },
  {
    slug: 'roblox',
    title: 'Roblox Gift Card',
    description: 'Robux for avatar items, game passes and upgrades in every Roblox experience.',
    keywords: 'roblox,robux,gift card,kids games',
    category: 'gift_card',
    game_currency: 'Robux',
    activation_instructions: lines(
      '1. Sign in at roblox.com/redeem in a browser.',
      '2. Enter the PIN and press "Redeem".',
      '3. Spend the credit on Robux or a Premium subscription.',
    ),
    sort_order: 16,
    codes: [
      {
        region: null,
        options: [
          { game_amount: 400, price_usd: 529, count: 14, popular: true },
          { game_amount: 800, price_usd: 1049, count: 10 },
          { game_amount: 1700, price_usd: 2099, count: 6 },
          { game_amount: 4500, price_usd: 5299, count: 3 },
        ],
      },
    ],
  },
];

export interface FreefireDenominationSeed {
  name: string;
  item_id: number;
  game_amount: number;
  price_usd: number;
  /** Published generated codes to create for this offer (demo stock). */
  generated_codes: number;
}

export const FREEFIRE_DENOMINATIONS: readonly FreefireDenominationSeed[] = [
  { name: '100 Diamonds', item_id: 101, game_amount: 100, price_usd: 99, generated_codes: 6 },
  { name: '310 Diamonds', item_id: 102, game_amount: 310, price_usd: 299, generated_codes: 6 },
  { name: '520 Diamonds', item_id: 103, game_amount: 520, price_usd: 499, generated_codes: 0 },
  { name: '1060 Diamonds', item_id: 104, game_amount: 1060, price_usd: 999, generated_codes: 0 },
  { name: '2180 Diamonds', item_id: 105, game_amount: 2180, price_usd: 1999, generated_codes: 0 },
  { name: '5600 Diamonds', item_id: 106, game_amount: 5600, price_usd: 4999, generated_codes: 0 },
];

export interface PubgDenominationSeed {
  uc_amount: number;
  price_usd: number;
  codes: number;
}

export const PUBG_DENOMINATIONS: readonly PubgDenominationSeed[] = [
  { uc_amount: 60, price_usd: 99, codes: 20 },
  { uc_amount: 325, price_usd: 499, codes: 20 },
  { uc_amount: 660, price_usd: 999, codes: 20 },
  { uc_amount: 1800, price_usd: 2499, codes: 20 },
  { uc_amount: 3850, price_usd: 4999, codes: 20 },
  { uc_amount: 8100, price_usd: 9999, codes: 20 },
];

export interface PromotionSeed {
  text: string;
  background_color: string;
  active: boolean;
  sort_order: number;
}

export const PROMOTIONS: readonly PromotionSeed[] = [
  { text: '-10% on PUBG UC', background_color: '#ff5722', active: true, sort_order: 1 },
  { text: 'Free Fire diamonds in minutes', background_color: '#3f51b5', active: true, sort_order: 2 },
  { text: 'New: Roblox gift cards', background_color: '#2e7d32', active: true, sort_order: 3 },
  { text: 'Black Friday: -20% on gift cards', background_color: '#212121', active: false, sort_order: 4 },
];

export interface CurrencyRateSeed {
  from_currency: string;
  to_currency: string;
  rate: string;
}

export const CURRENCY_RATES: readonly CurrencyRateSeed[] = [
  { from_currency: 'usd', to_currency: 'rub', rate: DEMO_USD_RUB_RATE },
  // One row per pair: RUB -> USD and KZT -> USD divide by these.
  { from_currency: 'usd', to_currency: 'kzt', rate: '480' },
  { from_currency: 'usd', to_currency: 'uzs', rate: '12650' },
];

/** Starting balances of the demo shopper, minor units (100.00 USD, 8000.00 RUB). */
export const SHOPPER_INITIAL_BALANCES = { usd: 10_000, rub: 800_000 } as const;
