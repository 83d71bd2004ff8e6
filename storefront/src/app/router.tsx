import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { RouteError } from '../components/errors/route-error';
import { LoadingState } from '../components/ui/state-views';
import { MainLayout } from '../components/layout/main-layout';
import { ProtectedRoute } from './protected-route';

/** Every storefront route (specification, section 2); each page's code loads when it is first opened. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <MainLayout />,
      errorElement: <RouteError />,
      // Shown while the first page's code loads.
      hydrateFallbackElement: <LoadingState />,
      children: [
        {
          errorElement: <RouteError />,
          children: [
            { index: true, lazy: () => import('./routes/home') },
            { path: 'login', lazy: () => import('./routes/login') },
            { path: 'register', lazy: () => import('./routes/register') },
            { path: 'products', lazy: () => import('./routes/products') },
            { path: 'products/freefire', lazy: () => import('./routes/freefire') },
            { path: 'products/pubg', lazy: () => import('./routes/pubg') },
            { path: 'products/steam', lazy: () => import('./routes/steam') },
            { path: 'products/:slug', lazy: () => import('./routes/product') },
            {
              path: 'profile',
              lazy: async () => {
                const { ProfileRoute } = await import('./routes/profile');
                return {
                  Component: () => (
                    <ProtectedRoute>
                      <ProfileRoute />
                    </ProtectedRoute>
                  ),
                };
              },
            },
            // Cart, checkout and orders guard themselves (ProtectedRoute inside the route module).
            { path: 'cart', lazy: () => import('./routes/cart') },
            { path: 'checkout', lazy: () => import('./routes/checkout') },
            { path: 'orders', lazy: () => import('./routes/orders') },
            { path: 'orders/:id', lazy: () => import('./routes/order') },
            { path: 'support', lazy: () => import('./routes/support') },
            { path: '*', lazy: () => import('./routes/not-found') },
          ],
        },
      ],
    },
  ]);
}

export function AppRouter() {
  const router = useMemo(() => createAppRouter(), []);
  return <RouterProvider router={router} />;
}
