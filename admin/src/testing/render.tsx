import { createTheme } from '@mui/material';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { AdminContext, memoryStore, Notification, ResourceContextProvider, TestMemoryRouter } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { dataProvider } from '../dataProvider';
import { i18nProvider } from '../i18n';

/** MUI without ripples and animations: what a test waits for is there at once, and costs less to draw. */
const instantDuration = { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 };
const testTheme = createTheme({
  transitions: { create: () => 'none', duration: instantDuration, getAutoHeightDuration: () => 0 },
  components: { MuiButtonBase: { defaultProps: { disableRipple: true } } },
});

/**
 * Draws a resource's page as the back office does (its data provider, Russian texts, notifications) at
 * `path`, matched by `route` (`/orders/:id/show`). Queries are not retried, so a failure shows at once.
 */
export function renderResourcePage(resource: string, route: string, path: string, page: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  const view = render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        queryClient={queryClient}
        store={memoryStore()}
        theme={testTheme}
      >
        <Routes>
          <Route path={route} element={<ResourceContextProvider value={resource}>{page}</ResourceContextProvider>} />
        </Routes>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { ...view, user };
}
