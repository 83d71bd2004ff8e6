import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router-dom';
import { keepPageState } from '../../hooks/use-kept-state';
import { setUnauthorizedHandler } from '../../lib/api-client';
import { useToast } from '../ui/toast/toast-provider';
import { Footer } from './footer';
import { Header } from './header';
import { ScrollRestoration } from './scroll-restoration';
import styles from './main-layout.module.css';

/** The shared layout of every storefront route: fixed header, page, footer. */
export function MainLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();

  useEffect(() => {
    // Any 401 on an authenticated call: the session is already cleared, go log in again and come back.
    setUnauthorizedHandler(() => {
      const { pathname, search, hash } = window.location;
      if (pathname === '/login') return;
      toast.warning(t('auth.login_required'));
      keepPageState(pathname);
      void navigate('/login', { replace: true, state: { from: `${pathname}${search}${hash}` } });
    });
  }, [navigate, toast, t]);

  return (
    <div className={styles.shell}>
      <a href="#main" className="skip-link">
        {t('app.skip_to_content')}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
