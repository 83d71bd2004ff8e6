/** An order's timeline, the needs-attention alert with Retry delivery, notes, and the dashboard's inbox. */
export const orderTimelineEnglishMessages = {
  order_timeline: {
    title: 'Timeline',
    empty: 'Nothing recorded yet.',
    store: 'Store',
    reference: 'Reference %{reference}',
    events: {
      placed: 'Order placed: %{amount}',
      payment_created: {
        card: 'Card payment started: %{amount}',
        sbp: 'SBP payment started: %{amount}',
      },
      payment_succeeded: 'Payment received: %{amount}',
      payment_declined: 'Payment declined',
      payment_late: 'Payment arrived after the order had expired (%{amount})',
      status_changed: 'Status: %{from} → %{to}',
      delivery_attempt: {
        succeeded: 'Delivery attempt: delivered',
        rejected: 'Delivery attempt: refused by the game',
        unavailable: 'Delivery attempt: the game did not answer',
        pending: 'Delivery attempt: the supplier took the order and is delivering it',
      },
      codes_delivered: '%{smart_count} code handed over |||| %{smart_count} codes handed over',
      refunded: {
        balance: 'Refunded %{amount} to the balance',
        card: 'Refund of %{amount} to the card requested',
      },
      note: 'Note',
      attention_raised: 'Flagged for an operator: needs attention',
      payment_mismatch: 'The gateway reported another amount or currency: needs attention',
      payment_refused: 'The gateway refused to capture or cancel the payment: needs attention',
      attention_cleared: 'Attention flag cleared',
      retry_requested: 'Delivery retried',
    },
    note: {
      label: 'Add a note',
      hint: 'Only the back office sees it.',
      add: 'Add note',
      added: 'Note added',
    },
  },
  order_attention: {
    title: 'Delivery needs attention',
    text: 'All delivery attempts failed on %{since}. Nothing was refunded: retry the delivery once the cause is fixed, or refund the order.',
    reason: 'Last error',
    marker: 'Needs attention',
    filter: 'Needs attention',
    retry: 'Retry delivery',
    retried: 'Delivery of order #%{id} sent again',
    money_title: 'Money on this order needs attention',
    money_text:
      'Flagged on %{since}: the store cannot tell by itself what happened to money on this order (see the reason, the payment and the refunds). Nothing is credited to the balance until it is settled.',
  },
  needs_attention: {
    title: 'Needs attention',
    none: 'Every paid order is on its way.',
    flagged: 'Flagged',
    stuck: 'Processing since %{since}',
  },
};

export const orderTimelineRussianMessages: typeof orderTimelineEnglishMessages = {
  order_timeline: {
    title: 'История',
    empty: 'Пока ничего не записано.',
    store: 'Магазин',
    reference: 'Номер операции %{reference}',
    events: {
      placed: 'Заказ оформлен: %{amount}',
      payment_created: {
        card: 'Начата оплата картой: %{amount}',
        sbp: 'Начата оплата через СБП: %{amount}',
      },
      payment_succeeded: 'Оплата получена: %{amount}',
      payment_declined: 'Оплата отклонена',
      payment_late: 'Оплата пришла после истечения заказа (%{amount})',
      status_changed: 'Статус: %{from} → %{to}',
      delivery_attempt: {
        succeeded: 'Попытка доставки: доставлено',
        rejected: 'Попытка доставки: игра отказала',
        unavailable: 'Попытка доставки: игра не ответила',
        pending: 'Попытка доставки: поставщик принял заказ и выполняет его',
      },
      codes_delivered: 'Выдан %{smart_count} код |||| Выдано %{smart_count} кода |||| Выдано %{smart_count} кодов',
      refunded: {
        balance: 'Возвращено %{amount} на баланс',
        card: 'Запрошен возврат %{amount} на карту',
      },
      note: 'Заметка',
      attention_raised: 'Отмечен для оператора: нужно вмешательство',
      payment_mismatch: 'Шлюз сообщил другую сумму или валюту: нужно вмешательство',
      payment_refused: 'Шлюз отказал в списании или отмене платежа: нужно вмешательство',
      attention_cleared: 'Отметка о проблеме снята',
      retry_requested: 'Доставка запущена повторно',
    },
    note: {
      label: 'Добавить заметку',
      hint: 'Её видят только сотрудники.',
      add: 'Добавить',
      added: 'Заметка добавлена',
    },
  },
  order_attention: {
    title: 'Доставка требует внимания',
    text: 'Все попытки доставки не удались (%{since}). Деньги не возвращены: повторите доставку, когда причина устранена, или верните деньги за заказ.',
    reason: 'Последняя ошибка',
    marker: 'Требует внимания',
    filter: 'Требуют внимания',
    retry: 'Повторить доставку',
    retried: 'Доставка заказа №%{id} запущена повторно',
    money_title: 'Деньги по этому заказу требуют внимания',
    money_text:
      'Отмечено %{since}: магазин сам не может установить, что стало с деньгами по заказу (см. причину, платёж и возвраты). На баланс ничего не зачисляется, пока это не выяснено.',
  },
  needs_attention: {
    title: 'Требуют внимания',
    none: 'Все оплаченные заказы в пути.',
    flagged: 'Отмечен',
    stuck: 'В обработке с %{since}',
  },
};
