import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { isSigningOut, useSession } from '../lib/auth';

/** Logged-out visitors go to /login, which brings them back here afterwards (state.from). */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    // A deliberate logout is already on its way elsewhere.
    if (isSigningOut()) return null;
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}${location.hash}` }} />;
  }
  return children;
}
