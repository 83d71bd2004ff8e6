import englishMessages from 'ra-language-english';
import type { TranslationMessages } from 'react-admin';
import { mergeMessages } from './merge';

export const customEnglishMessages = {
  app: {
    title: 'TopUp Arena — Back office',
    short_title: 'Back office',
    storefront: 'Storefront',
    open_storefront: 'Open the store',
    theme: 'Theme',
    auth: {
      network_error: 'No connection to the server. Please try again.',
      rate_limited: 'Too many attempts. Please wait a moment and try again.',
    },
  },
  dashboard: {
    title: 'Dashboard',
    welcome: 'Welcome, %{name}',
    welcome_anonymous: 'Welcome',
    intro: 'This is the back office of TopUp Arena. Catalogue, orders, users, codes, promotions, regions and currency rates will be managed here.',
    signed_in_as: 'Signed in as %{name} (administrator)',
    store_title: 'The store',
    store_text: 'See the storefront the way shoppers see it.',
    home: 'Home page',
    products: 'Products',
    profile: 'My profile',
  },
};

export const englishMessagesTree: TranslationMessages = mergeMessages(englishMessages, customEnglishMessages) as unknown as TranslationMessages;
export default englishMessagesTree;
