/** The languages of catalogue texts, as the forms label each text's column, and the fields added with them. */
export const contentLanguagesEnglishMessages = {
  content_languages: {
    ru: 'Russian',
    en: 'English',
    uz: 'Uzbek',
  },
  resources: {
    pubgDenominations: {
      fields: { name: 'Name' },
      help: { name: 'Leave empty to name the package by its UC amount, as the PUBG page does.' },
    },
  },
};

export const contentLanguagesRussianMessages: typeof contentLanguagesEnglishMessages = {
  content_languages: {
    ru: 'Русский',
    en: 'Английский',
    uz: 'Узбекский',
  },
  resources: {
    pubgDenominations: {
      fields: { name: 'Название' },
      help: { name: 'Оставьте пустым, чтобы пакет назывался по количеству UC, как на странице PUBG.' },
    },
  },
};
