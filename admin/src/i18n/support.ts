/** The support inbox: the Support tab (list, message page, replies) and the dashboard's support card. */
export const supportEnglishMessages = {
  resources: {
    supportMessages: {
      name: 'Support |||| Support',
      fields: {
        id: 'No.',
        createdAt: 'Received',
        nickname: 'From',
        message: 'Message',
        contact: 'Contact',
        status: 'Status',
        readAt: 'First read',
      },
      status: {
        open: 'Awaiting reply',
        answered: 'Answered',
        closed: 'Closed',
      },
      filters: {
        search: 'Name, contact or text',
        read: 'Read',
        unread_only: 'Unread',
        read_only: 'Read',
      },
      title: 'Message #%{id}',
      visitor: 'Visitor without an account',
      account: 'Account: %{name}',
      conversation: 'Conversation',
      team: 'Support team',
      recent_orders: 'Latest orders',
      no_orders: 'No orders yet.',
      reply: {
        label: 'Your reply',
        hint: 'The shopper reads it on the Support page of the store.',
        visitor_hint: 'A visitor without an account cannot read it in the store: also reach them by the contact they gave.',
        send: 'Send reply',
      },
      actions: {
        close: 'Close',
        reopen: 'Reopen',
        mark_unread: 'Mark unread',
      },
      notifications: {
        replied: 'Reply sent',
        closed: 'Message #%{id} closed',
        reopened: 'Message #%{id} reopened',
        marked_unread: 'Message #%{id} marked unread',
      },
    },
  },
  support_inbox: {
    title: 'Support',
    open: 'Open the inbox',
    unread: '%{smart_count} unread message |||| %{smart_count} unread messages',
  },
};

export const supportRussianMessages: typeof supportEnglishMessages = {
  resources: {
    supportMessages: {
      name: 'Поддержка |||| Поддержка',
      fields: {
        id: '№',
        createdAt: 'Получено',
        nickname: 'От кого',
        message: 'Сообщение',
        contact: 'Контакт',
        status: 'Статус',
        readAt: 'Прочитано',
      },
      status: {
        open: 'Ждёт ответа',
        answered: 'Отвечено',
        closed: 'Закрыто',
      },
      filters: {
        search: 'Имя, контакт или текст',
        read: 'Прочтение',
        unread_only: 'Непрочитанные',
        read_only: 'Прочитанные',
      },
      title: 'Сообщение №%{id}',
      visitor: 'Гость без учётной записи',
      account: 'Учётная запись: %{name}',
      conversation: 'Переписка',
      team: 'Служба поддержки',
      recent_orders: 'Последние заказы',
      no_orders: 'Заказов пока нет.',
      reply: {
        label: 'Ваш ответ',
        hint: 'Покупатель прочитает его на странице «Поддержка» в магазине.',
        visitor_hint: 'Гость без учётной записи не увидит ответ в магазине: свяжитесь с ним и по указанному контакту.',
        send: 'Отправить ответ',
      },
      actions: {
        close: 'Закрыть',
        reopen: 'Открыть снова',
        mark_unread: 'Отметить непрочитанным',
      },
      notifications: {
        replied: 'Ответ отправлен',
        closed: 'Сообщение №%{id} закрыто',
        reopened: 'Сообщение №%{id} снова открыто',
        marked_unread: 'Сообщение №%{id} отмечено непрочитанным',
      },
    },
  },
  support_inbox: {
    title: 'Поддержка',
    open: 'Открыть входящие',
    unread: '%{smart_count} непрочитанное сообщение |||| %{smart_count} непрочитанных сообщения |||| %{smart_count} непрочитанных сообщений',
  },
};
