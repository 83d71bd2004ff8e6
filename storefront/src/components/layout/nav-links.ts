import type { ComponentType } from 'react';
import { CartIcon } from '../ui/icons/cart-icon';
import { GridIcon } from '../ui/icons/grid-icon';
import { HomeIcon } from '../ui/icons/home-icon';
import { LoginIcon } from '../ui/icons/login-icon';
import { OrdersIcon } from '../ui/icons/orders-icon';
import { SupportIcon } from '../ui/icons/support-icon';
import { UserIcon } from '../ui/icons/user-icon';

export interface NavItem {
  to: string;
  labelKey: 'nav.home' | 'nav.products' | 'nav.support' | 'nav.orders' | 'nav.profile' | 'nav.cart' | 'nav.login';
  icon: ComponentType<{ size?: number }>;
  end?: boolean;
  /** Shows the cart's item count beside the label. */
  showsCartCount?: boolean;
}

const COMMON: NavItem[] = [
  { to: '/', labelKey: 'nav.home', icon: HomeIcon, end: true },
  { to: '/products', labelKey: 'nav.products', icon: GridIcon },
  { to: '/support', labelKey: 'nav.support', icon: SupportIcon },
];

const SIGNED_IN: NavItem[] = [
  { to: '/orders', labelKey: 'nav.orders', icon: OrdersIcon },
  { to: '/profile', labelKey: 'nav.profile', icon: UserIcon },
  { to: '/cart', labelKey: 'nav.cart', icon: CartIcon, showsCartCount: true },
];

const SIGNED_OUT: NavItem[] = [{ to: '/login', labelKey: 'nav.login', icon: LoginIcon }];

/** Header links: always /, /products, /support; logged in also /orders, /profile, /cart; else /login. */
export function navItems(loggedIn: boolean): NavItem[] {
  return [...COMMON, ...(loggedIn ? SIGNED_IN : SIGNED_OUT)];
}
