import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { PaymentMethods } from '@topup/common/api';
import { useSession } from '../../lib/auth';
import { usePaymentMethods } from '../../lib/payment-methods';
import { CardIcon } from '../ui/icons/card-icon';
import { LogoMark } from '../ui/icons/logo-mark';
import styles from './footer.module.css';

type PaymentMethod = PaymentMethods['methods'][number];
/** The order the footer names the ways to pay in: cards and local systems first, the store balance last. */
const FOOTER_METHODS: readonly PaymentMethod[] = ['card', 'sbp', 'payme', 'click', 'balance'];

export function Footer() {
  const { t } = useTranslation();
  const session = useSession();
  // Only which ways to pay the store takes, not the rates in the same answer: one look per visit is enough.
  const offered = usePaymentMethods({ queryConfig: { staleTime: Infinity, refetchOnMount: false } }).data?.methods;
  const methods = FOOTER_METHODS.filter((method) => offered?.includes(method));
  return (
    <footer className={styles.footer} data-print="hide">
      <div className={`container ${styles.grid}`}>
        <div className={styles.about}>
          <Link to="/" className={styles.brand}>
            <LogoMark size={30} />
            <span>{t('app.name')}</span>
          </Link>
          <p className={styles.text}>{t('footer.about')}</p>
        </div>
        <nav aria-label={t('footer.shop')} className={styles.column}>
          <h2 className={styles.heading}>{t('footer.shop')}</h2>
          <ul className={styles.list}>
            <li>
              <Link to="/">{t('nav.home')}</Link>
            </li>
            <li>
              <Link to="/products">{t('nav.products')}</Link>
            </li>
            {session && (
              <li>
                <Link to="/orders">{t('nav.orders')}</Link>
              </li>
            )}
          </ul>
        </nav>
        <nav aria-label={t('footer.help')} className={styles.column}>
          <h2 className={styles.heading}>{t('footer.help')}</h2>
          <ul className={styles.list}>
            <li>
              <Link to="/support">{t('nav.support')}</Link>
            </li>
            <li>{session ? <Link to="/profile">{t('nav.profile')}</Link> : <Link to="/login">{t('nav.login')}</Link>}</li>
          </ul>
        </nav>
        {methods.length > 0 && (
          <div className={styles.column}>
            <h2 className={styles.heading}>{t('footer.payments')}</h2>
            <p className={styles.payments}>
              <CardIcon size={18} />
              <span>{methods.map((method) => t(`footer.payment_methods.${method}`)).join(' · ')}</span>
            </p>
          </div>
        )}
      </div>
      <div className={`container ${styles.bottom}`}>
        <p>{t('footer.rights', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
