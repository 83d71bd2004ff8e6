import { Suspense, use, type ComponentType } from 'react';
import { BrowserRouter, matchRoutes, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../components/errors/error-boundary';
import { RouteError } from '../components/errors/route-error';
import { MainLayout } from '../components/layout/main-layout';
import { LoadingState } from '../components/ui/state-views';
import { getProductQueryOptions } from '../features/catalogue/api/get-product';
import { getProductsQueryOptions } from '../features/catalogue/api/get-products';
import { loadPageTexts } from '../lib/i18n';
import { queryClient } from './provider';

interface PageModule {
  Component: ComponentType;
}

interface PageOptions {
  /** The page draws the shell's texts only (no wait for the page texts). */
  shellTextsOnly?: boolean;
  /** Starts loading the data a page shows first, alongside its code, when it is the first page opened. */
  prefetchData?: (address: { params: Record<string, string | undefined>; search: URLSearchParams }) => void;
}

/**
 * A page whose code is fetched when it is first opened, or beforehand by `preloadPage`, together with
 * the page texts unless the shell's texts are all it draws.
 */
function lazyPage(path: string, load: () => Promise<PageModule>, { shellTextsOnly = false, prefetchData }: PageOptions = {}) {
  let loading: Promise<PageModule> | undefined;
  let loaded: PageModule | undefined;
  const fetchPage = async () => {
    const [module] = await Promise.all([load(), shellTextsOnly ? undefined : loadPageTexts()]);
    return (loaded = module);
  };
  const preload = () => (loading ??= fetchPage());
  function Page() {
    // Drawn at once when its code is in; otherwise suspends until it is.
    const { Component } = loaded ?? use(preload());
    return <Component />;
  }
  return { path, Page, preload, prefetchData };
}

/** Every storefront route the specification lists. Cart, checkout, orders and profile guard themselves. */
const pages = [
  lazyPage('/', () => import('./routes/home'), { shellTextsOnly: true }),
  lazyPage('/login', () => import('./routes/login')),
  lazyPage('/register', () => import('./routes/register')),
  lazyPage('/password/forgot', () => import('./routes/password-forgot')),
  lazyPage('/password/reset', () => import('./routes/password-reset')),
  lazyPage('/email/verify', () => import('./routes/email-verify')),
  lazyPage('/products', () => import('./routes/products'), {
    prefetchData: ({ search }) => void queryClient.prefetchQuery(getProductsQueryOptions({ search: search.get('q') ?? '' })),
  }),
  lazyPage('/products/freefire', () => import('./routes/freefire')),
  lazyPage('/products/pubg', () => import('./routes/pubg')),
  lazyPage('/products/steam', () => import('./routes/steam')),
  lazyPage('/products/:slug', () => import('./routes/product'), {
    prefetchData: ({ params }) => void queryClient.prefetchQuery(getProductQueryOptions(params.slug ?? '')),
  }),
  lazyPage('/profile', () => import('./routes/profile')),
  lazyPage('/cart', () => import('./routes/cart')),
  lazyPage('/checkout', () => import('./routes/checkout')),
  lazyPage('/orders', () => import('./routes/orders')),
  lazyPage('/orders/:id', () => import('./routes/order')),
  lazyPage('/support', () => import('./routes/support')),
  lazyPage('*', () => import('./routes/not-found'), { shellTextsOnly: true }),
];

/**
 * Fetches the code of the page at `location`, so the first render draws it without a spinner, and
 * starts loading its data meanwhile.
 */
export async function preloadPage({ pathname, search }: { pathname: string; search: string }): Promise<void> {
  const match = matchRoutes(pages, pathname)?.[0];
  if (!match) return;
  match.route.prefetchData?.({ params: match.params, search: new URLSearchParams(search) });
  await match.route.preload();
}

/** A page with its own error state, which moving to another page clears. */
function PageFrame() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} fallback={(error) => <RouteError error={error} />}>
      <Suspense fallback={<LoadingState />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <ErrorBoundary fallback={(error) => <RouteError error={error} />}>
        <Routes>
          <Route element={<MainLayout />}>
            <Route element={<PageFrame />}>
              {pages.map(({ path, Page }) => (
                <Route key={path} path={path} element={<Page />} />
              ))}
            </Route>
          </Route>
        </Routes>
      </ErrorBoundary>
    </BrowserRouter>
  );
}
