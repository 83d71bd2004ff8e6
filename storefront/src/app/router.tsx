import { Suspense, use, type ComponentType } from 'react';
import { BrowserRouter, matchRoutes, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../components/errors/error-boundary';
import { RouteError } from '../components/errors/route-error';
import { MainLayout } from '../components/layout/main-layout';
import { LoadingState } from '../components/ui/state-views';
import { loadPageTexts } from '../lib/i18n';

interface PageModule {
  Component: ComponentType;
}

/**
 * A page whose code is fetched when it is first opened, or beforehand by `preloadPage`, together with
 * the page texts unless the shell's texts are all it draws.
 */
function lazyPage(path: string, load: () => Promise<PageModule>, { shellTextsOnly = false } = {}) {
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
  return { path, Page, preload };
}

/** Every storefront route (specification, section 2). Cart, checkout, orders and profile guard themselves. */
const pages = [
  lazyPage('/', () => import('./routes/home'), { shellTextsOnly: true }),
  lazyPage('/login', () => import('./routes/login')),
  lazyPage('/register', () => import('./routes/register')),
  lazyPage('/products', () => import('./routes/products')),
  lazyPage('/products/freefire', () => import('./routes/freefire')),
  lazyPage('/products/pubg', () => import('./routes/pubg')),
  lazyPage('/products/steam', () => import('./routes/steam')),
  lazyPage('/products/:slug', () => import('./routes/product')),
  lazyPage('/profile', () => import('./routes/profile')),
  lazyPage('/cart', () => import('./routes/cart')),
  lazyPage('/checkout', () => import('./routes/checkout')),
  lazyPage('/orders', () => import('./routes/orders')),
  lazyPage('/orders/:id', () => import('./routes/order')),
  lazyPage('/support', () => import('./routes/support')),
  lazyPage('*', () => import('./routes/not-found'), { shellTextsOnly: true }),
];

/** Fetches the code of the page at `pathname`, so the first render draws it without a spinner. */
export async function preloadPage(pathname: string): Promise<void> {
  await matchRoutes(pages, pathname)?.[0]?.route.preload();
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
