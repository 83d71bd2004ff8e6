/** The Mail tab: the mails the store sent, or keeps where it has no SMTP server. */
export const mailEnglishMessages = {
  resources: {
    mails: {
      name: 'Mail |||| Mail',
      title: 'Mail #%{id}',
      fields: {
        id: 'No.',
        createdAt: 'Queued',
        sentAt: 'Sent',
        recipient: 'To',
        subject: 'Subject',
        kind: 'About',
        status: 'Status',
        language: 'Language',
        orderId: 'Order',
        userId: 'Account',
        messageId: 'Message-ID',
        lastError: 'Last error',
      },
      kind: {
        verify_email: 'Address confirmation',
        reset_password: 'Password reset',
        order_completed: 'Order completed',
        order_failed: 'Order failed',
        order_refunded: 'Order refunded',
      },
      status: {
        queued: 'Queued',
        sent: 'Sent',
        kept: 'Kept here (no mail server)',
        refused: 'Refused by the server',
      },
      filters: { search: 'Recipient or subject' },
      html: 'As the reader sees it',
      text: 'Plain text',
      not_written: 'Not written yet: the mail job writes it when it runs.',
      link_removed: 'Not kept: this mail carried a link that opens the account, removed once the mail server took it.',
    },
  },
};

export const mailRussianMessages = {
  resources: {
    mails: {
      name: 'Почта |||| Почта',
      title: 'Письмо №%{id}',
      fields: {
        id: '№',
        createdAt: 'В очереди с',
        sentAt: 'Отправлено',
        recipient: 'Кому',
        subject: 'Тема',
        kind: 'О чём',
        status: 'Статус',
        language: 'Язык',
        orderId: 'Заказ',
        userId: 'Аккаунт',
        messageId: 'Message-ID',
        lastError: 'Последняя ошибка',
      },
      kind: {
        verify_email: 'Подтверждение адреса',
        reset_password: 'Восстановление пароля',
        order_completed: 'Заказ выполнен',
        order_failed: 'Заказ не выполнен',
        order_refunded: 'Возврат по заказу',
      },
      status: {
        queued: 'В очереди',
        sent: 'Отправлено',
        kept: 'Сохранено здесь (нет почтового сервера)',
        refused: 'Отклонено сервером',
      },
      filters: { search: 'Получатель или тема' },
      html: 'Как видит получатель',
      text: 'Текстовая версия',
      not_written: 'Ещё не составлено: его составит задача отправки.',
      link_removed: 'Не хранится: в письме была ссылка, открывающая аккаунт; она удалена, как только почтовый сервер принял письмо.',
    },
  },
};
