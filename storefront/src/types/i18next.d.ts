import 'i18next';
import type ru from '../locales/ru';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof ru };
    returnNull: false;
  }
}
