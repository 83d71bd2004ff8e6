import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import auditLog from './auditLog';
import { authProvider } from './authProvider';
import codes from './codes';
import currencyRates from './currencyRates';
import stockThresholds from './stockThresholds';
import { Dashboard, DASHBOARD_PATH } from './dashboard/Dashboard';
import { dataProvider } from './dataProvider';
import mails from './mails';
import freefireCodes from './freefireCodes';
import gameDenominations from './gameDenominations';
import games from './games';
import generatedCodes, { generationRequests } from './generatedCodes';
import { i18nProvider } from './i18n';
import { darkTheme, Layout, lightTheme, LoginPage } from './layout';
import { GoToStorefront } from './layout/GoToStorefront';
import orders from './orders';
import products from './products';
import promotions from './promotions';
import promoCodes from './promoCodes';
import pubgCodes from './pubgCodes';
import pubgDenominations from './pubgDenominations';
import regions from './regions';
import supplierProducts from './supplierProducts';
import suppliers from './suppliers';
import supportMessages from './supportMessages';
import { TwoFactorPage } from './twoFactor';
import users from './users';
import { MarginReport } from './margins/MarginReport';
import { MARGIN_REPORT_PATH } from './margins/marginReport';

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
              layout={Layout}
              loginPage={LoginPage}
              theme={lightTheme}
              darkTheme={darkTheme}
              defaultTheme="dark"
            >
              {/* The specification's tab order: products, orders, users, codes, generatedCodes, promotions, regions, currencyRates, pubgCodes, freefireCodes. */}
              <Resource name="products" {...products} />
              <Resource name="orders" {...orders} />
              <Resource name="users" {...users} />
              <Resource name="codes" {...codes} />
              <Resource name="generatedCodes" {...generatedCodes} />
              <Resource name="generationRequests" {...generationRequests} />
              <Resource name="promotions" {...promotions} />
              <Resource name="regions" {...regions} />
              <Resource name="currencyRates" {...currencyRates} />
              <Resource name="stockThresholds" {...stockThresholds} />
              <Resource name="pubgCodes" {...pubgCodes} />
              <Resource name="pubgDenominations" {...pubgDenominations} />
              <Resource name="freefireCodes" {...freefireCodes} />
              {/* After the specification's ten tabs: every game as data, each with its denominations. */}
              <Resource name="games" {...games} />
              <Resource name="gameDenominations" {...gameDenominations} />
              {/* The wholesale suppliers that deliver top-ups, and the products a denomination's sources are chosen from. */}
              <Resource name="suppliers" {...suppliers} />
              <Resource name="supplierProducts" {...supplierProducts} />
              <Resource name="supportMessages" {...supportMessages} />
              <Resource name="audit-log" {...auditLog} />
              {/* The store's mails: sent, or kept here where it has no mail server. */}
              <Resource name="mails" {...mails} />
              {/* Promo codes shoppers enter at checkout. */}
              <Resource name="promoCodes" {...promoCodes} />
              {/* A user's own lists, shown on the user's page only. */}
              <Resource name="userLedger" />
              <Resource name="userNotes" />
              <Resource name="userSupportMessages" />
              <CustomRoutes>
                {/* The specification opens the back office on Products (the first resource); the dashboard is a menu item away. */}
                <Route path={DASHBOARD_PATH} element={<Dashboard />} />
                <Route path="/two-factor" element={<TwoFactorPage />} />
                <Route path={MARGIN_REPORT_PATH} element={<MarginReport />} />
              </CustomRoutes>
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
