import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ToastProvider } from '../components/ui/toast/toast-provider';
import { clearSession, saveSession } from '../lib/auth';
import i18n from '../lib/i18n';
import { queryConfig } from '../lib/react-query';

export interface RenderOptions {
  /** The address the component is drawn at. */
  path?: string;
  /** Navigation state handed over with it (a game page's top-up for checkout). */
  state?: unknown;
  /** Signed in as a shopper (the default), or a visitor. */
  signedIn?: boolean;
}

/** The signed-in shopper of the component tests. */
export const SHOPPER = { token: 'test-token', nickname: 'Покупатель', userId: 7 };

/** Where a navigation away from the page under test ended: its address and state, for the test to read. */
function Elsewhere() {
  const { pathname, state } = useLocation();
  return (
    <p data-testid="elsewhere" data-state={JSON.stringify(state ?? null)}>
      {pathname}
    </p>
  );
}

/** The page the component under test navigated to, once it is there. */
export async function navigatedTo(): Promise<{ path: string; state: unknown }> {
  const page = await screen.findByTestId('elsewhere');
  return { path: page.textContent ?? '', state: JSON.parse(page.dataset.state ?? 'null') as unknown };
}

/** An element's text with the no-break spaces of money and numbers written as plain spaces. */
export function textOf(element: Element): string {
  return (element.textContent ?? '').replace(/\s/g, ' ');
}

/**
 * Draws `ui` as the app would (texts, query cache, toasts, router) at `path`; any other address the
 * page navigates to is shown instead, for `navigatedTo`. Queries are not retried,
 * so an error state shows at once.
 */
export function renderWithProviders(ui: ReactElement, { path = '/', state, signedIn = true }: RenderOptions = {}) {
  if (signedIn) saveSession(SHOPPER);
  else clearSession();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { ...queryConfig.queries, retry: false }, mutations: { ...queryConfig.mutations, retry: false } },
  });
  const user = userEvent.setup();
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <MemoryRouter initialEntries={[{ pathname: path, state }]}>
            <Routes>
              <Route path={path} element={ui} />
              <Route path="*" element={<Elsewhere />} />
            </Routes>
          </MemoryRouter>
        </ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, user, queryClient };
}
