import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import { useSession } from '../../lib/auth';
import { CartIcon } from '../ui/icons/cart-icon';
import { LogoMark } from '../ui/icons/logo-mark';
import { MenuIcon } from '../ui/icons/menu-icon';
import { CartCount } from './cart-count';
import { CurrencySwitcher } from './currency-switcher';
import { LanguageSwitcher } from './language-switcher';
import { navItems } from './nav-links';
import styles from './header.module.css';

// Drawn only on small screens and only once opened: its code loads on the first open.
const MobileMenu = lazy(async () => ({ default: (await import('./mobile-menu')).MobileMenu }));

export function Header() {
  const { t } = useTranslation();
  const session = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuMounted, setMenuMounted] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const items = navItems(session !== null);

  return (
    <>
      <header className={styles.header} data-print="hide">
        <div className={`container ${styles.inner}`}>
          <Link to="/" className={styles.brand}>
            <LogoMark />
            <span className={styles.brandName}>{t('app.name')}</span>
          </Link>

          <nav aria-label={t('nav.main')} className={styles.nav}>
            <ul className={styles.links}>
              {items.map((item) => {
                const Icon = item.icon;
                const isLogin = item.to === '/login';
                return (
                  <li key={item.to}>
                    <NavLink
                      to={item.to}
                      end={item.end}
                      className={({ isActive }) =>
                        isLogin ? `btn btn--primary btn--sm ${styles.loginButton}` : `${styles.link} ${isActive ? styles.active : ''}`
                      }
                    >
                      {isLogin && <Icon size={18} />}
                      <span>{t(item.labelKey)}</span>
                      {item.showsCartCount && <CartCount />}
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          </nav>

          <div className={styles.tools}>
            <LanguageSwitcher />
            <CurrencySwitcher />
          </div>

          {session !== null && (
            // On a phone the cart stays one tap away, with its count, beside the menu.
            <Link to="/cart" className={`btn btn--ghost btn--sm ${styles.phoneCart}`} data-testid="phone-cart">
              <CartIcon size={20} />
              <span className="visually-hidden">{t('nav.cart')}</span>
              <CartCount />
            </Link>
          )}

          <button
            ref={menuButton}
            type="button"
            className={`btn btn--ghost btn--icon ${styles.menuButton}`}
            aria-label={t('nav.open_menu')}
            aria-expanded={menuOpen}
            aria-controls={menuMounted ? 'mobile-menu' : undefined}
            onClick={() => {
              setMenuMounted(true);
              setMenuOpen(true);
            }}
          >
            <MenuIcon size={24} />
          </button>
        </div>
      </header>
      {menuMounted && (
        <Suspense fallback={null}>
          <MobileMenu
            open={menuOpen}
            items={items}
            onClose={(restoreFocus) => {
              setMenuOpen(false);
              if (restoreFocus) menuButton.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
