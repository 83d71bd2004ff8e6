/** Promo codes shoppers enter at checkout (docs/architecture.md, "Promo codes"). */
export const promoCodesEnglishMessages = {
  resources: {
    promoCodes: {
      name: 'Promo code |||| Promo codes',
      // The list's empty page and the create page's title, in the sentence's own case.
      forcedCaseName: 'promo codes',
      page: { create: 'New promo code' },
      fields: {
        id: 'ID',
        code: 'Code',
        discountType: 'Discount',
        discountValue: 'Amount',
        currency: 'Currency',
        scope: 'Applies to',
        scopeIds: 'IDs',
        minOrder: 'Minimum order',
        validFrom: 'Valid from',
        validTo: 'Valid until',
        usageLimit: 'Uses at most',
        perUserLimit: 'Uses per shopper',
        active: 'Active',
        uses: 'Used',
        createdAt: 'Created',
      },
      filters: {
        search: 'Code',
      },
      discount_type: {
        percent: 'Percent',
        fixed: 'Fixed sum',
      },
      scope: {
        all: 'Everything',
        games: 'Top-ups of games',
        products: 'Code products',
      },
      any_currency: 'Any currency',
      unlimited: 'No limit',
      uses_of: '%{uses} of %{limit}',
      code_hint: '3 to 32 letters, digits, “-” or “_”; stored in capitals, shoppers may type any case.',
      value_hint: 'A whole percent from 1 to 100, or a sum in the currency (whole sums in UZS).',
      currency_hint: 'Required for a fixed sum and for a minimum order: the code then applies only to orders in this currency.',
      scope_ids_hint: 'Comma-separated: game IDs for top-ups, product IDs for codes.',
    },
    // An order placed with a code shows its discount.
    orders: {
      fields: { discount: 'Discount', promotionDiscount: 'Promotions’ discount' },
      discount_code: 'Discount (code %{code})',
    },
  },
};

export const promoCodesRussianMessages: typeof promoCodesEnglishMessages = {
  resources: {
    promoCodes: {
      name: 'Промокод |||| Промокоды',
      forcedCaseName: 'промокодов',
      page: { create: 'Новый промокод' },
      fields: {
        id: 'ID',
        code: 'Код',
        discountType: 'Скидка',
        discountValue: 'Размер',
        currency: 'Валюта',
        scope: 'Действует на',
        scopeIds: 'ID',
        minOrder: 'Минимальный заказ',
        validFrom: 'Действует с',
        validTo: 'Действует до',
        usageLimit: 'Всего использований',
        perUserLimit: 'На одного покупателя',
        active: 'Активен',
        uses: 'Использован',
        createdAt: 'Создан',
      },
      filters: {
        search: 'Код',
      },
      discount_type: {
        percent: 'Процент',
        fixed: 'Фиксированная сумма',
      },
      scope: {
        all: 'Всё',
        games: 'Пополнения игр',
        products: 'Товары-коды',
      },
      any_currency: 'Любая валюта',
      unlimited: 'Без ограничений',
      uses_of: '%{uses} из %{limit}',
      code_hint: 'От 3 до 32 букв, цифр, «-» или «_»; хранится заглавными, покупатель может вводить в любом регистре.',
      value_hint: 'Целый процент от 1 до 100 или сумма в валюте (в UZS — целые сумы).',
      currency_hint: 'Обязательна для фиксированной суммы и минимального заказа: тогда код действует только на заказы в этой валюте.',
      scope_ids_hint: 'Через запятую: ID игр для пополнений, ID товаров для кодов.',
    },
    orders: {
      fields: { discount: 'Скидка', promotionDiscount: 'Скидка по акциям' },
      discount_code: 'Скидка (код %{code})',
    },
  },
};
