import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ToastProvider } from '../components/ui/toast/toast-provider';
import i18n from '../lib/i18n';
import { queryConfig } from '../lib/react-query';

/** The page's one query cache; the first page's data starts loading into it before the first render. */
export const queryClient = new QueryClient({ defaultOptions: queryConfig });

// The API writes catalogue texts in the shopper's language (api-client sends it): a switch reads them again.
// (i18next also announces the language it starts in, once its texts arrive: nothing to read again then.)
let queriedLanguage = i18n.language;
i18n.on('languageChanged', (language: string) => {
  if (language === queriedLanguage) return;
  queriedLanguage = language;
  void queryClient.invalidateQueries();
});

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>{children}</ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
