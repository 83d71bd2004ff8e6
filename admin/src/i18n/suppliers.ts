/** Wholesale suppliers and their catalogues, and how an order item is delivered through one. */
export const suppliersEnglishMessages = {
  resources: {
    suppliers: {
      name: 'Supplier |||| Suppliers',
      empty: 'No suppliers yet',
      fields: {
        id: 'ID',
        kind: 'Kind',
        name: 'Supplier',
        active: 'Active',
        priority: 'Priority',
        balance: 'Balance',
        lowBalanceThreshold: 'Low balance under',
      },
      state: {
        active: 'Active',
        inactive: 'Off',
      },
      help: {
        active: 'Only an active supplier is sent orders',
        priority: 'From 1 to 100; lower is preferred',
        lowBalanceThreshold: 'In the balance’s currency; a balance under it is low. Empty: not watched',
      },
      balance_unread: 'Not read yet',
      balance_read_at: 'read %{time}',
      balance_low: 'Low',
      not_configured: 'No settings',
      not_configured_hint: 'This store has no settings for this supplier: it cannot be switched on or its catalogue synced.',
      sync: 'Sync catalogue',
      notifications: {
        sync_queued: 'The catalogue of %{name} is being imported; its products will appear under Supplier products',
      },
    },
    supplierProducts: {
      name: 'Supplier product |||| Supplier products',
      empty: 'No supplier products yet: sync a supplier’s catalogue',
      fields: {
        id: 'ID',
        supplierId: 'Supplier',
        externalId: 'Supplier’s ID',
        game: 'Game',
        name: 'Name',
        fields: 'Account fields',
        cost: 'Cost',
        available: 'Availability',
      },
      filters: {
        search: 'Name or supplier’s ID',
        available: 'Available',
        unavailable: 'Unavailable',
      },
      no_game: 'No game',
    },
    orders: {
      delivery: {
        title: 'Supplier purchase',
        supplier: 'Supplier',
        reference: 'Our reference',
        supplier_order_id: 'Supplier’s order',
        status: 'Status',
        cost: 'Cost',
        statuses: {
          creating: 'Sent, no answer yet',
          pending: 'In processing at the supplier',
          succeeded: 'Delivered',
          failed: 'Failed',
        },
      },
    },
  },
};

export const suppliersRussianMessages = {
  resources: {
    suppliers: {
      name: 'Поставщик |||| Поставщики',
      empty: 'Поставщиков пока нет',
      fields: {
        id: 'ID',
        kind: 'Вид',
        name: 'Поставщик',
        active: 'Активен',
        priority: 'Приоритет',
        balance: 'Баланс',
        lowBalanceThreshold: 'Низкий баланс ниже',
      },
      state: {
        active: 'Активен',
        inactive: 'Выключен',
      },
      help: {
        active: 'Заказы отправляются только активному поставщику',
        priority: 'От 1 до 100; меньший предпочтительнее',
        lowBalanceThreshold: 'В валюте баланса; баланс ниже — низкий. Пусто: не отслеживается',
      },
      balance_unread: 'Ещё не прочитан',
      balance_read_at: 'прочитан %{time}',
      balance_low: 'Низкий',
      not_configured: 'Нет настроек',
      not_configured_hint: 'У магазина нет настроек этого поставщика: его нельзя включить или загрузить его каталог.',
      sync: 'Загрузить каталог',
      notifications: {
        sync_queued: 'Каталог %{name} загружается; его товары появятся в разделе «Товары поставщиков»',
      },
    },
    supplierProducts: {
      name: 'Товар поставщика |||| Товары поставщиков',
      empty: 'Товаров поставщиков пока нет: загрузите каталог поставщика',
      fields: {
        id: 'ID',
        supplierId: 'Поставщик',
        externalId: 'ID у поставщика',
        game: 'Игра',
        name: 'Название',
        fields: 'Поля аккаунта',
        cost: 'Цена закупки',
        available: 'Доступность',
      },
      filters: {
        search: 'Название или ID у поставщика',
        available: 'Доступен',
        unavailable: 'Недоступен',
      },
      no_game: 'Без игры',
    },
    orders: {
      delivery: {
        title: 'Закупка у поставщика',
        supplier: 'Поставщик',
        reference: 'Наш номер',
        supplier_order_id: 'Заказ у поставщика',
        status: 'Статус',
        cost: 'Цена закупки',
        statuses: {
          creating: 'Отправлен, ответа ещё нет',
          pending: 'В обработке у поставщика',
          succeeded: 'Доставлен',
          failed: 'Не доставлен',
        },
      },
    },
  },
};
