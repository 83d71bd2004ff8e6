import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { RouteError } from '../components/errors/route-error';
import { LoadingState } from '../components/ui/state-views';
import { MainLayout } from '../components/layout/main-layout';
import { ProtectedRoute } from './protected-route';

/**
 * Routes of this release. Pages whose features arrive later (/cart, /checkout, /orders,
 * /orders/:id, /support and the game pages /products/pubg|freefire|steam) are added with them.
 */
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
