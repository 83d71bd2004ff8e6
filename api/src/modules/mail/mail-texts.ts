import type { ContentLanguage, MailKind } from '@topup/common';

/** What a mail says, in each of the store's languages; `{name}` marks where a value goes. */
export interface MailTexts {
  subject: string;
  /** The paragraphs above the mail's facts. */
  intro: string[];
  /** The button (HTML) and the line before the bare link (text). */
  action: string;
  /** The paragraph under the link. */
  outro: string;
}

export interface SharedTexts {
  greeting: string;
  signature: string;
  itemsTitle: string;
  /** What promotions took off the order (orders.promotion_discount), shown only when they did. */
  promotionDiscount: string;
  /** What a promo code took off (orders.discount), naming the code; `discount` when the code is no longer known. */
  promoCodeDiscount: string;
  discount: string;
  total: string;
  refunded: string;
  toBalance: string;
  toCard: string;
  linkFallback: string;
}

/** The words around every mail. */
export const SHARED: Record<ContentLanguage, SharedTexts> = {
  ru: {
    greeting: 'Здравствуйте, {nickname}!',
    signature: 'Команда магазина',
    itemsTitle: 'Состав заказа',
    promotionDiscount: 'Скидка по акции',
    promoCodeDiscount: 'Промокод {code}',
    discount: 'Скидка',
    total: 'Итого',
    refunded: 'Возвращено',
    toBalance: 'на баланс',
    toCard: 'на карту',
    linkFallback: 'Если кнопка не открывается, скопируйте ссылку в браузер:',
  },
  en: {
    greeting: 'Hello, {nickname}!',
    signature: 'The store team',
    itemsTitle: 'Your order',
    promotionDiscount: 'Promotion discount',
    promoCodeDiscount: 'Promo code {code}',
    discount: 'Discount',
    total: 'Total',
    refunded: 'Refunded',
    toBalance: 'to your balance',
    toCard: 'to your card',
    linkFallback: 'If the button does not open, copy this link into your browser:',
  },
  uz: {
    greeting: 'Assalomu alaykum, {nickname}!',
    signature: "Do'kon jamoasi",
    itemsTitle: 'Buyurtma tarkibi',
    promotionDiscount: 'Aksiya chegirmasi',
    promoCodeDiscount: 'Promokod {code}',
    discount: 'Chegirma',
    total: 'Jami',
    refunded: 'Qaytarildi',
    toBalance: 'balansga',
    toCard: 'kartaga',
    linkFallback: "Tugma ochilmasa, havolani brauzerga nusxalang:",
  },
};

/** The button of every order mail. */
const OPEN_ORDER: Record<ContentLanguage, string> = { ru: 'Открыть заказ', en: 'Open the order', uz: 'Buyurtmani ochish' };

/** The last words of a mail about an order that went wrong. */
const QUESTIONS: Record<ContentLanguage, string> = {
  ru: 'Если остались вопросы, напишите в поддержку.',
  en: 'If you have questions, write to support.',
  uz: "Savollaringiz bo'lsa, qo'llab-quvvatlash xizmatiga yozing.",
};

/** Each kind of mail, in each language. Codes are never among them: the link leads to the order, where they are shown. */
export const MAIL_TEXTS: Record<MailKind, Record<ContentLanguage, MailTexts>> = {
  verify_email: {
    ru: {
      subject: 'Подтвердите адрес почты',
      intro: ['Этот адрес указан в вашем аккаунте магазина. Подтвердите его, чтобы получать чеки заказов и восстанавливать пароль.'],
      action: 'Подтвердить адрес',
      outro: 'Ссылка действует 24 часа. Если вы не указывали этот адрес, просто удалите письмо.',
    },
    en: {
      subject: 'Confirm your email address',
      intro: ['This address was given for your store account. Confirm it to receive order receipts and to be able to reset your password.'],
      action: 'Confirm the address',
      outro: 'The link works for 24 hours. If you did not give this address, just delete this mail.',
    },
    uz: {
      subject: 'Pochta manzilingizni tasdiqlang',
      intro: ["Bu manzil do'kondagi hisobingizda ko'rsatilgan. Buyurtma cheklarini olish va parolni tiklash uchun uni tasdiqlang."],
      action: 'Manzilni tasdiqlash',
      outro: "Havola 24 soat amal qiladi. Agar bu manzilni siz ko'rsatmagan bo'lsangiz, xatni o'chirib tashlang.",
    },
  },
  reset_password: {
    ru: {
      subject: 'Восстановление пароля',
      intro: ['Кто-то, возможно вы, запросил новый пароль для вашего аккаунта.'],
      action: 'Задать новый пароль',
      outro: 'Ссылка действует 30 минут и только один раз. После смены пароля все входы на других устройствах завершатся. Если вы не запрашивали смену пароля, просто удалите письмо: пароль останется прежним.',
    },
    en: {
      subject: 'Reset your password',
      intro: ['Someone, probably you, asked for a new password for your account.'],
      action: 'Set a new password',
      outro: 'The link works once, for 30 minutes. Once the password is changed, you are signed out on every other device. If you did not ask for it, just delete this mail: your password stays as it is.',
    },
    uz: {
      subject: 'Parolni tiklash',
      intro: ["Kimdir, ehtimol siz, hisobingiz uchun yangi parol so'radi."],
      action: 'Yangi parol o‘rnatish',
      outro: "Havola 30 daqiqa va faqat bir marta amal qiladi. Parol o'zgargach, boshqa qurilmalardagi barcha kirishlar yakunlanadi. Agar siz so'ramagan bo'lsangiz, xatni o'chirib tashlang: parolingiz o'zgarmaydi.",
    },
  },
  order_completed: {
    ru: {
      subject: 'Заказ №{orderId} выполнен',
      intro: ['Спасибо за покупку! Заказ №{orderId} выполнен.', 'Коды и подробности заказа — на его странице, войдите в аккаунт, чтобы их увидеть.'],
      action: OPEN_ORDER.ru,
      outro: 'Это письмо — ваш чек. Сохраните его.',
    },
    en: {
      subject: 'Order #{orderId} is complete',
      intro: ['Thank you for your purchase! Order #{orderId} is complete.', 'Codes and details are on the order page: sign in to see them.'],
      action: OPEN_ORDER.en,
      outro: 'This mail is your receipt. Keep it.',
    },
    uz: {
      subject: '№{orderId} buyurtma bajarildi',
      intro: ['Xaridingiz uchun rahmat! №{orderId} buyurtma bajarildi.', "Kodlar va tafsilotlar buyurtma sahifasida: ularni ko'rish uchun hisobingizga kiring."],
      action: OPEN_ORDER.uz,
      outro: 'Bu xat sizning chekingiz. Uni saqlab qo‘ying.',
    },
  },
  order_failed: {
    ru: {
      subject: 'Заказ №{orderId} не выполнен',
      intro: ['Заказ №{orderId} не удалось выполнить. Оплаченное за него возвращено.', 'Подробности — на странице заказа.'],
      action: OPEN_ORDER.ru,
      outro: QUESTIONS.ru,
    },
    en: {
      subject: 'Order #{orderId} could not be completed',
      intro: ['Order #{orderId} could not be completed. What you paid for it has been refunded.', 'The order page has the details.'],
      action: OPEN_ORDER.en,
      outro: QUESTIONS.en,
    },
    uz: {
      subject: '№{orderId} buyurtma bajarilmadi',
      intro: ["№{orderId} buyurtmani bajarib bo'lmadi. Uning uchun to'langan pul qaytarildi.", 'Tafsilotlar buyurtma sahifasida.'],
      action: OPEN_ORDER.uz,
      outro: QUESTIONS.uz,
    },
  },
  order_refunded: {
    ru: {
      subject: 'Возврат по заказу №{orderId}',
      intro: ['По заказу №{orderId} оформлен возврат.', 'Подробности — на странице заказа.'],
      action: OPEN_ORDER.ru,
      outro: QUESTIONS.ru,
    },
    en: {
      subject: 'Order #{orderId} refunded',
      intro: ['Order #{orderId} has been refunded.', 'The order page has the details.'],
      action: OPEN_ORDER.en,
      outro: QUESTIONS.en,
    },
    uz: {
      subject: '№{orderId} buyurtma bo‘yicha qaytarish',
      intro: ["№{orderId} buyurtma bo'yicha pul qaytarildi.", 'Tafsilotlar buyurtma sahifasida.'],
      action: OPEN_ORDER.uz,
      outro: QUESTIONS.uz,
    },
  },
};
