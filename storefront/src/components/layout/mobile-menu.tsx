import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router-dom';
import { useSession } from '../../lib/auth';
import { CloseIcon } from '../ui/icons/close-icon';
import { LogoMark } from '../ui/icons/logo-mark';
import { CartCount } from './cart-count';
import { CurrencySwitcher } from './currency-switcher';
import { LanguageSwitcher } from './language-switcher';
import type { NavItem } from './nav-links';
import styles from './mobile-menu.module.css';

interface MobileMenuProps {
  open: boolean;
  items: NavItem[];
  /** restoreFocus: false when the menu closes because the shopper picked a link. */
  onClose: (restoreFocus: boolean) => void;
}

/** Slide-in menu for small screens: same links as the header, closes on selection, Escape or backdrop. */
export function MobileMenu({ open, items, onClose }: MobileMenuProps) {
  const { t } = useTranslation();
  const session = useSession();
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const latest = useRef({ open, onClose });
  useLayoutEffect(() => {
    latest.current = { open, onClose };
  });

  // Leaving the page (a link, back button, redirect) closes the menu. Compared with the address last
  // seen, as React may run this effect again without a move (a suspended part shown again).
  const seenPathname = useRef(location.pathname);
  useEffect(() => {
    if (seenPathname.current === location.pathname) return;
    seenPathname.current = location.pathname;
    if (latest.current.open) latest.current.onClose(false);
  }, [location.pathname]);

  useEffect(() => {
    if (!open) return undefined;
    document.body.classList.add('no-scroll');
    closeButton.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        latest.current.onClose(true);
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
      // Keep keyboard focus inside the open menu.
      const focusable = panel.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), select, input');
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.body.classList.remove('no-scroll');
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div className={`${styles.root} ${open ? styles.open : ''}`} inert={!open}>
      <div className={styles.backdrop} onClick={() => onClose(true)} aria-hidden="true" />
      <div
        ref={panel}
        id="mobile-menu"
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-label={t('nav.menu')}
      >
        <div className={styles.top}>
          <span className={styles.brand}>
            <LogoMark size={30} />
            <span>{t('app.name')}</span>
          </span>
          <button
            ref={closeButton}
            type="button"
            className="btn btn--ghost btn--icon"
            aria-label={t('nav.close_menu')}
            onClick={() => onClose(true)}
          >
            <CloseIcon size={24} />
          </button>
        </div>

        {session && (
          <p className={styles.user}>
            <span className={styles.avatar} aria-hidden="true">
              {session.nickname.slice(0, 2).toUpperCase()}
            </span>
            <span className={styles.nickname}>{session.nickname}</span>
          </p>
        )}

        <nav aria-label={t('nav.main')}>
          <ul className={styles.links}>
            {items.map((item) => {
              const Icon = item.icon;
              return (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    end={item.end}
                    className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ''}`}
                    onClick={() => onClose(false)}
                  >
                    <Icon size={20} />
                    <span>{t(item.labelKey)}</span>
                    {item.showsCartCount && <CartCount />}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>

        <div className={styles.settings}>
          <LanguageSwitcher showLabel />
          <CurrencySwitcher showLabel />
        </div>
      </div>
    </div>
  );
}
