import englishMessages from 'ra-language-english';
import russianMessages from 'ra-language-russian';
import { customEnglishMessages } from './en';
import type { TranslationMessages } from 'react-admin';
import { mergeMessages } from './merge';

const customRussianMessages: typeof customEnglishMessages = {
  app: {
    title: 'TopUp Arena — Админ-панель',
    short_title: 'Админ-панель',
    storefront: 'Магазин',
    open_storefront: 'Открыть магазин',
    theme: 'Тема',
    auth: {
      network_error: 'Нет связи с сервером. Попробуйте ещё раз.',
      rate_limited: 'Слишком много попыток. Подождите немного и попробуйте снова.',
    },
  },
  dashboard: {
    title: 'Панель управления',
    welcome: 'Добро пожаловать, %{name}',
    welcome_anonymous: 'Добро пожаловать',
    intro: 'Это админ-панель TopUp Arena. Здесь будут управляться каталог, заказы, пользователи, коды, акции, регионы и курсы валют.',
    signed_in_as: 'Вы вошли как %{name} (администратор)',
    store_title: 'Магазин',
    store_text: 'Посмотрите на витрину так, как её видят покупатели.',
    home: 'Главная страница',
    products: 'Товары',
    profile: 'Мой профиль',
  },
};

/** Russian over English: a key the Russian pack lacks (it trails react-admin) still reads as English, never as a raw key. */
export const russianMessagesTree: TranslationMessages = mergeMessages(englishMessages, customEnglishMessages, russianMessages, customRussianMessages) as unknown as TranslationMessages;
export default russianMessagesTree;
