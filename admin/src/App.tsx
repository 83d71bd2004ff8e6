import { Admin, CustomRoutes } from 'react-admin';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { authProvider } from './authProvider';
import { Dashboard } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n';
import { darkTheme, Layout, lightTheme, LoginPage } from './layout';
import { GoToStorefront } from './layout/GoToStorefront';

/** Served under /admin/ next to the storefront: react-admin inside a browser router, with basename /admin. */
export const ADMIN_BASENAME = '/admin';

export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route
          path={`${ADMIN_BASENAME}/*`}
          element={
            <Admin
              basename={ADMIN_BASENAME}
              title="TopUp Arena"
              disableTelemetry
              requireAuth
              authProvider={authProvider}
              dataProvider={dataProvider}
              i18nProvider={i18nProvider}
              dashboard={Dashboard}
              layout={Layout}
              loginPage={LoginPage}
              theme={lightTheme}
              darkTheme={darkTheme}
              defaultTheme="dark"
            >
              {/* Resources (products, orders, users, codes, ...) arrive with their folders. */}
              <CustomRoutes noLayout>
                <Route path="/storefront" element={<GoToStorefront />} />
              </CustomRoutes>
            </Admin>
          }
        />
      </Routes>
    </BrowserRouter>
  );
}
