import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { AdminContext, memoryStore, Notification, ResourceContextProvider, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { dataProvider } from '../dataProvider';
import { i18nProvider } from '../i18n';

/**
 * Draws a resource's page as the back office does (its data provider, Russian texts, notifications) at
 * `path`, matched by `route` (`/orders/:id/show`). Queries are not retried, so a failure shows at once.
 */
export function renderResourcePage(resource: string, route: string, path: string, page: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  const view = render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider} queryClient={queryClient} store={memoryStore()}>
        <Routes>
          <Route path={route} element={<ResourceContextProvider value={resource}>{page}</ResourceContextProvider>} />
        </Routes>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { ...view, user };
}
