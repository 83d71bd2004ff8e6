/** Exchange rates (the inverse, checked and changed times, confirming a large change), low-stock thresholds, and their dashboard cards. */
export const ratesEnglishMessages = {
  resources: {
    currencyRates: {
      fields: {
        inverse: 'Inverse (read-only)',
        checkedAt: 'Checked',
        changedAt: 'Changed',
      },
      inverse_text: 'Inverse, read-only: 1 %{from} = %{rate} %{to}',
      confirm: {
        title: 'Change the rate by %{percent} %?',
        content:
          '%{from} → %{to}: %{old} → %{new}, a change of %{percent} %. Changes of more than %{threshold} % are confirmed, so a typo does not reprice the store. Save this rate?',
        save: 'Save the rate',
      },
      settings: {
        rateChangeConfirmPercent: 'Confirm changes above',
        rateChangeConfirmPercent_hint: 'An admin confirms a larger change; the automatic update keeps the old rate.',
      },
    },
    stockThresholds: {
      name: 'Low-stock threshold |||| Low-stock thresholds',
      fields: {
        name: 'Applies to',
        target: 'Kind',
        threshold: 'Low below',
        updatedAt: 'Last changed',
        productId: 'Product',
        regionId: 'Region',
        gameAmount: 'Amount',
        pubgDenominationId: 'PUBG package',
        freefireDenominationId: 'Free Fire offer',
      },
      target: {
        default: 'Default',
        product: 'Product codes',
        pubg: 'PUBG package',
        freefire: 'Free Fire offer',
      },
      default_name: 'Everything without a threshold of its own',
      below: 'Low below %{threshold}',
      threshold_hint: 'The dashboard lists a line with fewer codes for sale than this. 0: never.',
      region_hint: 'Empty: every region of the product.',
      game_amount_hint: 'Empty: every amount of the product.',
    },
  },
  dashboard: {
    low_stock_thresholds: 'Thresholds',
    available_of: '%{smart_count} of %{threshold} left |||| %{smart_count} of %{threshold} left',
    rate_update: {
      title: 'Last rate update',
      rates: 'Rates',
      none: 'No rate has been updated yet.',
      by_admin: 'Set by hand by %{admin}',
      by_refresh: 'From %{provider}, asked for by %{admin}',
      by_schedule: 'From %{provider}, the daily update',
      status: {
        completed: 'Done',
        skipped: 'Skipped: automatic updates are off',
        failed: 'Failed',
        queued: 'Waiting',
        retrying: 'Failed, will retry',
      },
      unchanged: 'The rates were checked: none changed.',
      refused: '%{pair}: the feed offered %{offered} instead of %{current} (%{percent} %). Kept the current rate: a change this large needs an admin.',
      error: 'Error: %{error}',
    },
  },
};

export const ratesRussianMessages = {
  resources: {
    currencyRates: {
      fields: {
        inverse: 'Обратный (только чтение)',
        checkedAt: 'Проверен',
        changedAt: 'Изменён',
      },
      inverse_text: 'Обратный курс, только чтение: 1 %{from} = %{rate} %{to}',
      confirm: {
        title: 'Изменить курс на %{percent} %?',
        content:
          '%{from} → %{to}: %{old} → %{new}, изменение на %{percent} %. Изменения больше чем на %{threshold} % подтверждаются, чтобы опечатка не изменила цены в магазине. Сохранить этот курс?',
        save: 'Сохранить курс',
      },
      settings: {
        rateChangeConfirmPercent: 'Подтверждать изменения больше',
        rateChangeConfirmPercent_hint: 'Большее изменение подтверждает администратор; автообновление оставляет прежний курс.',
      },
    },
    stockThresholds: {
      name: 'Порог остатка |||| Пороги остатков',
      fields: {
        name: 'Для чего',
        target: 'Вид',
        threshold: 'Мало, если меньше',
        updatedAt: 'Изменён',
        productId: 'Товар',
        regionId: 'Регион',
        gameAmount: 'Номинал',
        pubgDenominationId: 'Пакет PUBG',
        freefireDenominationId: 'Предложение Free Fire',
      },
      target: {
        default: 'По умолчанию',
        product: 'Коды товара',
        pubg: 'Пакет PUBG',
        freefire: 'Предложение Free Fire',
      },
      default_name: 'Всё, у чего нет своего порога',
      below: 'Мало, если меньше %{threshold}',
      threshold_hint: 'Панель покажет позицию, если кодов в продаже меньше этого числа. 0 — никогда.',
      region_hint: 'Пусто — все регионы товара.',
      game_amount_hint: 'Пусто — все номиналы товара.',
    },
  },
  dashboard: {
    low_stock_thresholds: 'Пороги',
    available_of:
      'остался %{smart_count} из %{threshold} |||| осталось %{smart_count} из %{threshold} |||| осталось %{smart_count} из %{threshold}',
    rate_update: {
      title: 'Последнее обновление курсов',
      rates: 'Курсы',
      none: 'Курсы ещё не обновлялись.',
      by_admin: 'Задан вручную: %{admin}',
      by_refresh: 'Из %{provider} по запросу %{admin}',
      by_schedule: 'Из %{provider}, ежедневное обновление',
      status: {
        completed: 'Выполнено',
        skipped: 'Пропущено: автообновление выключено',
        failed: 'Ошибка',
        queued: 'Ожидает',
        retrying: 'Ошибка, будет повтор',
      },
      unchanged: 'Курсы проверены, ни один не изменился.',
      refused:
        '%{pair}: источник предложил %{offered} вместо %{current} (%{percent} %). Оставлен прежний курс: такое изменение подтверждает администратор.',
      error: 'Ошибка: %{error}',
    },
  },
};
