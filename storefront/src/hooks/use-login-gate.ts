import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useToast } from '../components/ui/toast/toast-provider';
import { useSession } from '../lib/auth';
import { keepPageState } from './use-kept-state';

/**
 * Buying needs a session: without one, a warning and /login, which brings the shopper back to this
 * very page (path and query, so the Free Fire tab is kept) with what they had chosen (useKeptState).
 */
export function useLoginGate() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();

  const goToLogin = useCallback(() => {
    keepPageState(location.pathname);
    void navigate('/login', { state: { from: `${location.pathname}${location.search}` } });
  }, [navigate, location.pathname, location.search]);

  /** True when logged in; otherwise warns with `message`, goes to /login and returns false. */
  const requireLogin = useCallback(
    (message: string): boolean => {
      if (session) return true;
      toast.warning(message);
      goToLogin();
      return false;
    },
    [session, toast, goToLogin],
  );

  return { loggedIn: session !== null, requireLogin, goToLogin };
}
