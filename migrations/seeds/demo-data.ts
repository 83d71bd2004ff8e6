/**
 * The demo catalogue: what a fresh store shows. Plain data, inserted by ./demo.ts.
 * Prices are USD minor units; RUB prices are derived at the seeded rate (USD x 79).
 *
 * Every text a shopper reads is given in the store's three languages: Russian, the default language,
 * goes to a row's own columns, English and Uzbek to its `translations`. Instructions name the
 * storefront's buttons exactly as that language labels them.
 */

export const DEMO_USD_RUB_RATE = '79';

/** A text (or a group of texts) in each language of the store. */
export interface Localized<T> {
  ru: T;
  en: T;
  uz: T;
}

export interface RegionSeed {
  code: string;
  name: Localized<string>;
  flag: string;
  game_currency: string;
  is_active: boolean;
}

export const REGIONS: readonly RegionSeed[] = [
  { code: 'TR', name: { ru: 'Турция', en: 'Türkiye', uz: 'Turkiya' }, flag: '🇹🇷', game_currency: 'TRY', is_active: true },
  { code: 'US', name: { ru: 'США', en: 'United States', uz: 'AQSH' }, flag: '🇺🇸', game_currency: 'USD', is_active: true },
  { code: 'EU', name: { ru: 'Европа', en: 'Europe', uz: 'Yevropa' }, flag: '🇪🇺', game_currency: 'EUR', is_active: true },
  { code: 'RU', name: { ru: 'Россия', en: 'Russia', uz: 'Rossiya' }, flag: '🇷🇺', game_currency: 'RUB', is_active: true },
  { code: 'KZ', name: { ru: 'Казахстан', en: 'Kazakhstan', uz: "Qozog'iston" }, flag: '🇰🇿', game_currency: 'KZT', is_active: true },
  { code: 'IN', name: { ru: 'Индия', en: 'India', uz: 'Hindiston' }, flag: '🇮🇳', game_currency: 'INR', is_active: true },
  // Inactive: shows the toggle in the back office; no product is sold there.
  { code: 'AR', name: { ru: 'Аргентина', en: 'Argentina', uz: 'Argentina' }, flag: '🇦🇷', game_currency: 'ARS', is_active: false },
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

/** A product's texts; `keywords` (comma-separated) hold what shoppers type: transliterations, misspellings. */
export interface ProductTexts {
  title: string;
  description: string;
  keywords: string;
  activation_instructions: string;
}

export interface ProductSeed {
  slug: string;
  texts: Localized<ProductTexts>;
  category: 'topup' | 'gift_card';
  game_currency: string;
  sort_order: number;
  /** Gift cards only: the codes to load, by region or global. */
  codes?: readonly CodeGroupSeed[];
  /** Free Fire: its published generated codes are on sale, as the product's global codes. */
  sells_generated_codes?: boolean;
}

const lines = (...text: string[]) => text.join('\n');

export const TOPUP_PRODUCTS: readonly ProductSeed[] = [
  {
    slug: 'pubg',
    texts: {
      ru: {
        title: 'UC для PUBG Mobile',
        description: 'Unknown Cash для PUBG Mobile: зачисляем прямо на аккаунт по ID игрока.',
        keywords: 'пабг,пубг,пабг мобайл,пубг мобайл,pabg,pubg,pubg mobile,юс,юси,ус,uc,unknown cash,королевская битва,рояль пасс,royale pass',
        activation_instructions: lines(
          '1. Откройте PUBG Mobile и скопируйте ID игрока из профиля.',
          '2. Вставьте ID и нажмите «Найти», чтобы проверить ник.',
          '3. Выберите один или несколько пакетов UC или введите нужное количество.',
          '4. Оплатите заказ: UC придут на аккаунт в течение 15 минут.',
        ),
      },
      en: {
        title: 'PUBG Mobile UC',
        description: 'Unknown Cash for PUBG Mobile, credited straight to your account by player ID.',
        keywords: 'pubg,pubg mobile,pabg,pubg uc,uc,unknown cash,battle royale,royale pass',
        activation_instructions: lines(
          '1. Open PUBG Mobile and copy your player ID from your profile.',
          '2. Paste the ID and press "Find" to check your nickname.',
          '3. Pick one or more UC packages, or type the amount you need.',
          '4. Pay: UC arrives on your account within 15 minutes.',
        ),
      },
      uz: {
        title: 'PUBG Mobile uchun UC',
        description: "PUBG Mobile uchun Unknown Cash: o'yinchi ID si bo'yicha to'g'ridan-to'g'ri akkauntga tushadi.",
        keywords: 'pubg,pubg mobile,pabg,pubg uc,uc,uc sotib olish,pubg donat',
        activation_instructions: lines(
          "1. PUBG Mobile ni oching va profildan o'yinchi ID sini nusxalang.",
          "2. ID ni qo'ying va taxallusni tekshirish uchun «Topish» ni bosing.",
          '3. Bir yoki bir nechta UC paketini tanlang yoki kerakli miqdorni kiriting.',
          "4. To'lang: UC 15 daqiqa ichida akkauntingizga tushadi.",
        ),
      },
    },
    category: 'topup',
    game_currency: 'UC',
    sort_order: 1,
  },
  {
    slug: 'freefire',
    texts: {
      ru: {
        title: 'Алмазы Free Fire',
        description: 'Алмазы для Garena Free Fire: пополнение по ID игрока или код Free Fire, который можно активировать самому или подарить.',
        keywords: 'фри фаер,фрифаер,фри фаир,фрифаир,free fire,freefire,фф,ff,гарена,garena,алмазы,алмаз,даймонды,код free fire,королевская битва',
        activation_instructions: lines(
          '1. Откройте Free Fire и скопируйте ID игрока из профиля.',
          '2. Вставьте ID и нажмите «Найти», чтобы проверить ник.',
          '3. Выберите предложение с алмазами и оплатите заказ.',
          '4. Коды Free Fire продаются на этой же странице. Купленный код введите вместе с ID игрока на вкладке «Активация кода» и нажмите «Активировать».',
        ),
      },
      en: {
        title: 'Free Fire Diamonds',
        description: 'Diamonds for Garena Free Fire: top up by player ID, or buy a Free Fire code to activate yourself or give as a gift.',
        keywords: 'free fire,freefire,ff,garena,diamonds,free fire code,battle royale',
        activation_instructions: lines(
          '1. Open Free Fire and copy your player ID from your profile.',
          '2. Paste the ID and press "Find" to check your nickname.',
          '3. Choose a diamond offer and pay.',
          '4. Free Fire codes are sold on this same page. Enter a bought code with the player ID on the "Activate code" tab and press "Activate now".',
        ),
      },
      uz: {
        title: 'Free Fire olmoslari',
        description: "Garena Free Fire uchun olmoslar: o'yinchi ID si bo'yicha to'ldirish yoki o'zingiz faollashtiradigan yoki sovg'a qiladigan Free Fire kodi.",
        keywords: 'free fire,freefire,fri fayr,frifayr,ff,garena,olmos,olmoslar,free fire kodi',
        activation_instructions: lines(
          "1. Free Fire ni oching va profildan o'yinchi ID sini nusxalang.",
          "2. ID ni qo'ying va taxallusni tekshirish uchun «Topish» ni bosing.",
          "3. Olmos taklifini tanlang va to'lang.",
          "4. Free Fire kodlari shu sahifada sotiladi. Sotib olingan kodni o'yinchi ID si bilan «Kodni faollashtirish» yorlig'ida kiriting va «Faollashtirish» ni bosing.",
        ),
      },
    },
    category: 'topup',
    game_currency: 'Diamonds',
    sort_order: 2,
    sells_generated_codes: true,
  },
  {
    slug: 'steam',
    texts: {
      ru: {
        title: 'Пополнение Steam',
        description: 'Пополнение любого кошелька Steam по логину в USD, RUB или KZT. Никаких кодов.',
        keywords: 'стим,стиим,steam,stim,пополнение стим,кошелек стим,кошелёк steam,valve,игры на пк,пополнение по логину',
        activation_instructions: lines(
          '1. Введите логин аккаунта Steam (не имя профиля).',
          '2. Введите сумму и её валюту: итог с комиссией появится сразу.',
          '3. Нажмите «Перейти к оплате» и оплатите: деньги придут на кошелёк в течение 15 минут.',
        ),
      },
      en: {
        title: 'Steam Wallet Top-Up',
        description: 'Add funds to any Steam wallet by login, in USD, RUB or KZT. No code to redeem.',
        keywords: 'steam,stim,steam wallet,steam top up,valve,pc games,top up by login',
        activation_instructions: lines(
          '1. Enter your Steam account login (not the profile name).',
          '2. Enter the amount and its currency; the total with commission is shown at once.',
          '3. Press "Proceed to Checkout" and pay: the funds reach the wallet within 15 minutes.',
        ),
      },
      uz: {
        title: "Steam hamyonini to'ldirish",
        description: "Istalgan Steam hamyonini login bo'yicha USD, RUB yoki KZT da to'ldiring. Kod kerak emas.",
        keywords: "steam,stim,steam hamyoni,hamyonni to'ldirish,steam to'ldirish,kompyuter o'yinlari",
        activation_instructions: lines(
          '1. Steam akkauntingiz loginini kiriting (profil nomini emas).',
          "2. Summa va uning valyutasini kiriting: komissiya bilan jami darhol ko'rsatiladi.",
          "3. «To'lovga o'tish» ni bosing va to'lang: pul 15 daqiqa ichida hamyonga tushadi.",
        ),
      },
    },
    category: 'topup',
    game_currency: 'USD',
    sort_order: 3,
  },
];

export const GIFT_CARD_PRODUCTS: readonly ProductSeed[] = [
  {
    slug: 'steam-gift-card',
    texts: {
      ru: {
        title: 'Подарочная карта Steam',
        description: 'Код кошелька Steam для вашего региона: игры, DLC и предметы в Steam.',
        keywords: 'стим,steam,stim,подарочная карта,карта стим,код стим,код кошелька,valve,игры на пк',
        activation_instructions: lines(
          '1. Войдите в Steam в приложении или на store.steampowered.com.',
          '2. Откройте меню аккаунта и выберите «Пополнить кошелёк Steam».',
          '3. Выберите «Активировать подарочную карту или код кошелька Steam» и введите код.',
          'Код работает только для аккаунтов того региона, для которого он куплен.',
        ),
      },
      en: {
        title: 'Steam Gift Card',
        description: 'A Steam wallet code for your region: games, DLC and in-game items on Steam.',
        keywords: 'steam,stim,gift card,wallet code,valve,pc games',
        activation_instructions: lines(
          '1. Sign in to Steam in the app or at store.steampowered.com.',
          '2. Open your account menu and choose "Add funds to your Steam Wallet".',
          '3. Choose "Redeem a Steam Gift Card or Wallet Code" and enter the code.',
          'The code only works for accounts of the region it was bought for.',
        ),
      },
      uz: {
        title: "Steam sovg'a kartasi",
        description: "Mintaqangiz uchun Steam hamyon kodi: Steam dagi o'yinlar, DLC va o'yin ichidagi buyumlar.",
        keywords: "steam,stim,sovg'a kartasi,steam kodi,hamyon kodi",
        activation_instructions: lines(
          '1. Steam ga ilovada yoki store.steampowered.com saytida kiring.',
          "2. Akkaunt menyusini oching va «Steam hamyonini to'ldirish» ni tanlang.",
          "3. «Steam sovg'a kartasi yoki hamyon kodini faollashtirish» ni tanlang va kodni kiriting.",
          'Kod faqat u sotib olingan mintaqadagi akkauntlar uchun ishlaydi.',
        ),
      },
    },
    category: 'gift_card',
    game_currency: 'USD',
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
    texts: {
      ru: {
        title: 'Подарочная карта PlayStation Store',
        description: 'Средства в PlayStation Store на игры, дополнения и PlayStation Plus для PS4 и PS5.',
        keywords: 'плейстейшн,плейстейшен,плейстейшин,пс,пс4,пс5,psn,ps4,ps5,playstation,sony,сони,подарочная карта,playstation plus,пс плюс',
        activation_instructions: lines(
          '1. На консоли откройте PlayStation Store и нажмите кнопку меню.',
          '2. Выберите «Активировать код» и введите код из 12 символов.',
          '3. Средства сразу появятся в кошельке.',
          'Аккаунт PlayStation должен быть зарегистрирован в регионе карты.',
        ),
      },
      en: {
        title: 'PlayStation Store Gift Card',
        description: 'PlayStation Store credit for games, add-ons and PlayStation Plus on PS4 and PS5.',
        keywords: 'playstation,psn,ps4,ps5,sony,gift card,playstation plus',
        activation_instructions: lines(
          '1. On your console open PlayStation Store and press the menu button.',
          '2. Choose "Redeem code" and enter the 12-character code.',
          '3. The credit appears in your wallet at once.',
          "Your PlayStation account must be registered in the card's region.",
        ),
      },
      uz: {
        title: "PlayStation Store sovg'a kartasi",
        description: "PS4 va PS5 dagi o'yinlar, qo'shimchalar va PlayStation Plus uchun PlayStation Store balansi.",
        keywords: "playstation,pleystation,psn,ps4,ps5,sony,sovg'a kartasi,playstation plus",
        activation_instructions: lines(
          '1. Konsolda PlayStation Store ni oching va menyu tugmasini bosing.',
          '2. «Kodni faollashtirish» ni tanlang va 12 belgili kodni kiriting.',
          "3. Mablag' darhol hamyoningizda paydo bo'ladi.",
          "PlayStation akkauntingiz karta mintaqasida ro'yxatdan o'tgan bo'lishi kerak.",
        ),
      },
    },
    category: 'gift_card',
    game_currency: 'USD',
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
    texts: {
      ru: {
        title: 'Подарочная карта Xbox',
        description: 'Средства в Microsoft Store на Xbox и Windows: игры, приложения и Game Pass.',
        keywords: 'иксбокс,хбокс,xbox,майкрософт,microsoft,game pass,гейм пасс,подарочная карта,windows',
        activation_instructions: lines(
          '1. Откройте redeem.microsoft.com или нажмите кнопку Xbox и выберите Магазин > Активировать.',
          '2. Войдите в учётную запись Microsoft.',
          '3. Введите код из 25 символов и подтвердите.',
        ),
      },
      en: {
        title: 'Xbox Gift Card',
        description: 'Credit for the Microsoft Store on Xbox and Windows: games, apps and Game Pass.',
        keywords: 'xbox,microsoft,game pass,gift card,windows',
        activation_instructions: lines(
          '1. Go to redeem.microsoft.com, or press the Xbox button and open Store > Redeem.',
          '2. Sign in with your Microsoft account.',
          '3. Enter the 25-character code and confirm.',
        ),
      },
      uz: {
        title: "Xbox sovg'a kartasi",
        description: "Xbox va Windows dagi Microsoft Store uchun balans: o'yinlar, ilovalar va Game Pass.",
        keywords: "xbox,iksboks,microsoft,game pass,sovg'a kartasi,windows",
        activation_instructions: lines(
          "1. redeem.microsoft.com saytiga kiring yoki Xbox tugmasini bosib, Do'kon > Faollashtirish ni oching.",
          '2. Microsoft akkauntingiz bilan kiring.',
          '3. 25 belgili kodni kiriting va tasdiqlang.',
        ),
      },
    },
    category: 'gift_card',
    game_currency: 'USD',
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
    texts: {
      ru: {
        title: 'Подарочная карта Google Play',
        description: 'Баланс Google Play для приложений, игр, покупок в приложениях, фильмов и книг.',
        keywords: 'гугл плей,гугл,google play,google,андроид,android,плей маркет,плеймаркет,play market,подарочная карта,приложения',
        activation_instructions: lines(
          '1. Откройте приложение Google Play и нажмите на значок профиля.',
          '2. Нажмите «Платежи и подписки», затем «Активировать промокод».',
          '3. Введите код и нажмите «Активировать».',
          'Коды Google Play работают только в стране, для которой выпущены.',
        ),
      },
      en: {
        title: 'Google Play Gift Card',
        description: 'Google Play balance for apps, games, in-app purchases, films and books.',
        keywords: 'google play,android,play store,play market,gift card,apps',
        activation_instructions: lines(
          '1. Open the Google Play Store app and tap your profile picture.',
          '2. Tap "Payments & subscriptions", then "Redeem code".',
          '3. Enter the code and tap "Redeem".',
          'Google Play codes work only in the country they were issued for.',
        ),
      },
      uz: {
        title: "Google Play sovg'a kartasi",
        description: "Ilovalar, o'yinlar, ilova ichidagi xaridlar, filmlar va kitoblar uchun Google Play balansi.",
        keywords: "google play,gugl pley,android,play market,sovg'a kartasi,ilovalar",
        activation_instructions: lines(
          '1. Google Play ilovasini oching va profil rasmingizga bosing.',
          "2. «To'lovlar va obunalar» ni, so'ng «Kodni faollashtirish» ni bosing.",
          '3. Kodni kiriting va «Faollashtirish» ni bosing.',
          'Google Play kodlari faqat ular chiqarilgan mamlakatda ishlaydi.',
        ),
      },
    },
    category: 'gift_card',
    game_currency: 'USD',
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
    texts: {
      ru: {
        title: 'Подарочная карта Apple',
        description: 'Одна карта для App Store, Apple Music, iCloud+ и всего остального от Apple.',
        keywords: 'эпл,эппл,апл,apple,айтюнс,itunes,app store,апп стор,icloud,айклауд,apple music,айфон,iphone,подарочная карта',
        activation_instructions: lines(
          '1. На iPhone или iPad откройте App Store и нажмите на своё фото.',
          '2. Нажмите «Погасить подарочную карту или код», затем «Ввести код вручную».',
          '3. Введите код и нажмите «Погасить».',
        ),
      },
      en: {
        title: 'Apple Gift Card',
        description: 'One card for the App Store, Apple Music, iCloud+ and everything else from Apple.',
        keywords: 'apple,itunes,app store,icloud,apple music,gift card,iphone',
        activation_instructions: lines(
          '1. On your iPhone or iPad open the App Store and tap your photo.',
          '2. Tap "Redeem Gift Card or Code", then "Enter Code Manually".',
          '3. Enter the code and tap "Redeem".',
        ),
      },
      uz: {
        title: "Apple sovg'a kartasi",
        description: 'App Store, Apple Music, iCloud+ va Apple ning boshqa xizmatlari uchun bitta karta.',
        keywords: "apple,epl,itunes,app store,icloud,ayfon,iphone,sovg'a kartasi",
        activation_instructions: lines(
          '1. iPhone yoki iPad da App Store ni oching va rasmingizga bosing.',
          "2. «Sovg'a kartasi yoki kodni faollashtirish» ni, so'ng «Kodni qo'lda kiritish» ni bosing.",
          '3. Kodni kiriting va «Faollashtirish» ni bosing.',
        ),
      },
    },
    category: 'gift_card',
    game_currency: 'USD',
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
    texts: {
      ru: {
        title: 'Razer Gold',
        description: 'PIN-коды Razer Gold: игровой кошелёк, который принимают тысячи игр и магазинов.',
        keywords: 'рейзер,разер,razer,razer gold,рейзер голд,разер голд,пин,pin,кошелёк,подарочная карта',
        activation_instructions: lines(
          '1. Войдите на gold.razer.com.',
          '2. Выберите «Reload», затем «Razer Gold PIN».',
          '3. Введите PIN: Razer Gold сразу появится в кошельке.',
        ),
      },
      en: {
        title: 'Razer Gold',
        description: 'Razer Gold PINs: the gamer wallet accepted in thousands of games and stores.',
        keywords: 'razer,razer gold,pin,wallet,gift card',
        activation_instructions: lines(
          '1. Sign in at gold.razer.com.',
          '2. Choose "Reload" and then "Razer Gold PIN".',
          '3. Enter the PIN: the Razer Gold appears in your wallet at once.',
        ),
      },
      uz: {
        title: 'Razer Gold',
        description: "Razer Gold PIN kodlari: minglab o'yinlar va do'konlar qabul qiladigan o'yinchi hamyoni.",
        keywords: "razer,reyzer,razer gold,pin,hamyon,sovg'a kartasi",
        activation_instructions: lines(
          '1. gold.razer.com saytiga kiring.',
          "2. «Reload» ni, so'ng «Razer Gold PIN» ni tanlang.",
          "3. PIN ni kiriting: Razer Gold darhol hamyoningizda paydo bo'ladi.",
        ),
      },
    },
    category: 'gift_card',
    game_currency: 'USD',
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
    texts: {
      ru: {
        title: 'Подарочная карта Roblox',
        description: 'Robux для предметов аватара, игровых пропусков и улучшений во всех играх Roblox.',
        keywords: 'роблокс,роблакс,roblox,робуксы,робукс,робакс,robux,подарочная карта,детские игры',
        activation_instructions: lines(
          '1. Откройте roblox.com/redeem в браузере и войдите в аккаунт.',
          '2. Введите PIN и нажмите «Redeem».',
          '3. Потратьте средства на Robux или подписку Premium.',
        ),
      },
      en: {
        title: 'Roblox Gift Card',
        description: 'Robux for avatar items, game passes and upgrades in every Roblox experience.',
        keywords: 'roblox,robux,gift card,kids games',
        activation_instructions: lines(
          '1. Sign in at roblox.com/redeem in a browser.',
          '2. Enter the PIN and press "Redeem".',
          '3. Spend the credit on Robux or a Premium subscription.',
        ),
      },
      uz: {
        title: "Roblox sovg'a kartasi",
        description: "Roblox dagi barcha o'yinlarda avatar buyumlari, o'yin ruxsatnomalari va yaxshilanishlar uchun Robux.",
        keywords: "roblox,robloks,robux,robuks,sovg'a kartasi,bolalar o'yinlari",
        activation_instructions: lines(
          '1. Brauzerda roblox.com/redeem ga kiring.',
          '2. PIN ni kiriting va «Redeem» ni bosing.',
          "3. Mablag'ni Robux yoki Premium obunasiga sarflang.",
        ),
      },
    },
    category: 'gift_card',
    game_currency: 'Robux',
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
  name: Localized<string>;
  item_id: number;
  game_amount: number;
  price_usd: number;
  /** Published generated codes to create for this offer (demo stock, sold on the Free Fire page). */
  generated_codes: number;
}

const diamonds = (amount: number): Localized<string> => ({
  ru: `${amount} алмазов`,
  en: `${amount} Diamonds`,
  uz: `${amount} olmos`,
});

export const FREEFIRE_DENOMINATIONS: readonly FreefireDenominationSeed[] = [
  { name: diamonds(100), item_id: 101, game_amount: 100, price_usd: 99, generated_codes: 6 },
  { name: diamonds(310), item_id: 102, game_amount: 310, price_usd: 299, generated_codes: 6 },
  { name: diamonds(520), item_id: 103, game_amount: 520, price_usd: 499, generated_codes: 0 },
  { name: diamonds(1060), item_id: 104, game_amount: 1060, price_usd: 999, generated_codes: 0 },
  { name: diamonds(2180), item_id: 105, game_amount: 2180, price_usd: 1999, generated_codes: 0 },
  { name: diamonds(5600), item_id: 106, game_amount: 5600, price_usd: 4999, generated_codes: 0 },
];

export interface PubgDenominationSeed {
  name: Localized<string>;
  uc_amount: number;
  price_usd: number;
  codes: number;
}

const ucPackage = (amount: number): Localized<string> => ({
  ru: `Пакет ${amount} UC`,
  en: `${amount} UC pack`,
  uz: `${amount} UC paketi`,
});

export const PUBG_DENOMINATIONS: readonly PubgDenominationSeed[] = [
  { name: ucPackage(60), uc_amount: 60, price_usd: 99, codes: 20 },
  { name: ucPackage(325), uc_amount: 325, price_usd: 499, codes: 20 },
  { name: ucPackage(660), uc_amount: 660, price_usd: 999, codes: 20 },
  { name: ucPackage(1800), uc_amount: 1800, price_usd: 2499, codes: 20 },
  { name: ucPackage(3850), uc_amount: 3850, price_usd: 4999, codes: 20 },
  { name: ucPackage(8100), uc_amount: 8100, price_usd: 9999, codes: 20 },
];

export interface PromotionSeed {
  text: Localized<string>;
  background_color: string;
  active: boolean;
  sort_order: number;
  /** A percent off every denomination of these games (docs/architecture.md, "Promotions that discount"). */
  percentOffGames?: { percent: number; games: ReadonlyArray<'pubg' | 'freefire'> };
}

export const PROMOTIONS: readonly PromotionSeed[] = [
  {
    text: { ru: '-10% на PUBG UC', en: '-10% on PUBG UC', uz: 'PUBG UC ga -10%' },
    background_color: '#ff5722',
    active: true,
    sort_order: 1,
    percentOffGames: { percent: 10, games: ['pubg'] },
  },
  {
    text: { ru: 'Алмазы Free Fire за минуты', en: 'Free Fire diamonds in minutes', uz: 'Free Fire olmoslari bir necha daqiqada' },
    background_color: '#3f51b5',
    active: true,
    sort_order: 2,
  },
  {
    text: { ru: 'Новинка: подарочные карты Roblox', en: 'New: Roblox gift cards', uz: "Yangi: Roblox sovg'a kartalari" },
    background_color: '#2e7d32',
    active: true,
    sort_order: 3,
  },
  {
    text: { ru: 'Чёрная пятница: -20% на подарочные карты', en: 'Black Friday: -20% on gift cards', uz: "Qora juma: sovg'a kartalariga -20%" },
    background_color: '#212121',
    active: false,
    sort_order: 4,
  },
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
