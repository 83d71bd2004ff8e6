/**
 * Code stock: CSV import and export of codes, and each list's empty text (react-admin's own words it
 * with the resource's name, which reads wrong in Russian: "Нет Заказ.").
 */
export const codeStockEnglishMessages = {
  ra: {
    navigation: {
      no_results: 'Nothing found',
      no_filtered_results: 'Nothing matches the current filters.',
    },
  },
  resources: {
    products: { empty: 'No products yet', invite: 'Add the first product of the catalogue.' },
    orders: { empty: 'No orders yet', invite: 'Orders appear here as shoppers place them.' },
    users: { empty: 'No users yet', invite: 'Accounts appear here as shoppers sign up.' },
    codes: {
      fields: { prices: 'Price, USD / RUB' },
      empty: 'No codes yet',
      invite: 'Add a code, load many at once, or import a CSV file.',
      csv: {
        import: 'Import CSV',
        import_title: 'Import codes from a CSV file',
        format:
          'A header line, then one code a line: product_slug (or product_id), region, code, price_usd, price_rub, game_amount, popular — e.g. steam-wallet,TR,ABCD-1234-EFGH,4.99,394.21,500,false. An empty region (or "global") is a global code.',
        file_help:
          'A CSV file with a header line naming the columns (an exported file loads back as it is). Large files (100 000 lines and more) are sent as they are and read line by line.',
        lines: '%{smart_count} line after the header |||| %{smart_count} lines after the header',
        export: 'Export CSV',
        export_title: 'Export codes as CSV',
        export_text:
          "The file holds every code the list's filters select now. Available codes are written in clear, reserved and sold ones stay masked. The export is recorded in the audit log with your reason.",
        reason: 'Reason',
        reason_help: 'Why the codes leave the store, e.g. a stock count or a move to another store',
        submit: 'Export',
        done: 'The file is saved',
      },
    },
    generatedCodes: { empty: 'No generated codes yet', invite: 'Generate codes for a Free Fire denomination.' },
    generationRequests: { empty: 'No generation requests yet' },
    promotions: { empty: 'No promotions yet', invite: 'Create a promotion to show on the storefront.' },
    regions: { empty: 'No regions yet', invite: 'Add a region to sell codes for it.' },
    currencyRates: { empty: 'No currency rates yet' },
    pubgCodes: { empty: 'No PUBG codes yet', invite: 'Add UC codes one by one or in bulk.' },
    pubgDenominations: { empty: 'No PUBG denominations yet', invite: 'Add a UC package.' },
    freefireCodes: { empty: 'No Free Fire denominations yet', invite: 'Add a Free Fire denomination.' },
    stockThresholds: { empty: 'No thresholds of its own yet', invite: 'Every line uses the default threshold until you set one.' },
    supportMessages: { empty: 'No support messages yet', invite: 'Messages from the support form appear here.' },
    'audit-log': { empty: 'No activity yet', invite: 'Every change made in the back office appears here.' },
  },
};

export const codeStockRussianMessages: typeof codeStockEnglishMessages = {
  ra: {
    navigation: {
      no_results: 'Ничего не найдено',
      no_filtered_results: 'С такими фильтрами ничего не найдено.',
    },
  },
  resources: {
    products: { empty: 'Товаров пока нет', invite: 'Добавьте первый товар каталога.' },
    orders: { empty: 'Заказов пока нет', invite: 'Заказы появятся здесь, когда покупатели их оформят.' },
    users: { empty: 'Пользователей пока нет', invite: 'Аккаунты появятся здесь, когда покупатели зарегистрируются.' },
    codes: {
      fields: { prices: 'Цена, USD / RUB' },
      empty: 'Кодов пока нет',
      invite: 'Добавьте код, загрузите сразу много или импортируйте CSV-файл.',
      csv: {
        import: 'Импорт CSV',
        import_title: 'Импорт кодов из CSV-файла',
        format:
          'Строка заголовка, затем по коду в строке: product_slug (или product_id), region, code, price_usd, price_rub, game_amount, popular — например steam-wallet,TR,ABCD-1234-EFGH,4.99,394.21,500,false. Пустой регион (или «global») — глобальный код.',
        file_help:
          'CSV-файл со строкой заголовка, где названы столбцы (выгруженный файл загружается обратно как есть). Большие файлы (от 100 000 строк) отправляются целиком и читаются построчно.',
        lines:
          '%{smart_count} строка после заголовка |||| %{smart_count} строки после заголовка |||| %{smart_count} строк после заголовка',
        export: 'Экспорт CSV',
        export_title: 'Экспорт кодов в CSV',
        export_text:
          'В файл попадут все коды, которые сейчас выбирают фильтры списка. Доступные коды выгружаются открыто, зарезервированные и проданные остаются скрытыми. Выгрузка записывается в журнал аудита с вашей причиной.',
        reason: 'Причина',
        reason_help: 'Зачем коды покидают магазин: например, инвентаризация или перенос в другой магазин',
        submit: 'Выгрузить',
        done: 'Файл сохранён',
      },
    },
    generatedCodes: { empty: 'Сгенерированных кодов пока нет', invite: 'Сгенерируйте коды для номинала Free Fire.' },
    generationRequests: { empty: 'Запросов генерации пока нет' },
    promotions: { empty: 'Акций пока нет', invite: 'Создайте акцию для витрины магазина.' },
    regions: { empty: 'Регионов пока нет', invite: 'Добавьте регион, чтобы продавать для него коды.' },
    currencyRates: { empty: 'Курсов валют пока нет' },
    pubgCodes: { empty: 'Кодов PUBG пока нет', invite: 'Добавьте коды UC по одному или списком.' },
    pubgDenominations: { empty: 'Номиналов PUBG пока нет', invite: 'Добавьте пакет UC.' },
    freefireCodes: { empty: 'Номиналов Free Fire пока нет', invite: 'Добавьте номинал Free Fire.' },
    stockThresholds: { empty: 'Своих порогов пока нет', invite: 'Пока порог не задан, действует порог по умолчанию.' },
    supportMessages: { empty: 'Обращений пока нет', invite: 'Здесь появятся сообщения из формы поддержки.' },
    'audit-log': { empty: 'Действий пока нет', invite: 'Здесь появится каждое изменение, сделанное в админке.' },
  },
};
