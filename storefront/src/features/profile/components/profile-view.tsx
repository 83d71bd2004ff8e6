import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { Profile } from '@topup/common/api';
import { LogoutIcon } from '../../../components/ui/icons/logout-icon';
import { OrdersIcon } from '../../../components/ui/icons/orders-icon';
import { ShieldIcon } from '../../../components/ui/icons/shield-icon';
import { ErrorState, LoadingState } from '../../../components/ui/state-views';
import { useToast } from '../../../components/ui/toast/toast-provider';
import { signOut } from '../../../lib/auth';
import { BALANCE_DISPLAY_CURRENCIES, CURRENCY_SYMBOLS } from '../../../lib/currency';
import { useFormat } from '../../../lib/format';
import { errorText } from '../../../lib/error-message';
import { useCurrency, useFormatMoney } from '../../../lib/preferences';
import { revokeSession } from '../api/logout';
import { useProfile } from '../api/get-profile';
import { initials } from '../utils/initials';
import { BalanceTopup } from './balance-topup';
import { ChangePasswordForm } from './change-password-form';
import { EmailSettings } from './email-settings';
import styles from './profile-view.module.css';

/** The profile page; `buyerStatus` is the 'regular buyer' card, which counts the shopper's orders. */
export function ProfileView({ buyerStatus }: { buyerStatus: ReactNode }) {
  const { t } = useTranslation();
  const profile = useProfile();

  if (profile.isPending) return <LoadingState />;
  if (profile.isError) {
    return <ErrorState message={errorText(t, profile.error, 'profile.load_failed')} onRetry={() => void profile.refetch()} />;
  }
  return <ProfileCard profile={profile.data} buyerStatus={buyerStatus} />;
}

function ProfileCard({ profile, buyerStatus }: { profile: Profile; buyerStatus: ReactNode }) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const formatMoney = useFormatMoney();
  const [preferred] = useCurrency();
  const isAdmin = profile.role === 'admin';
  const balance: Record<(typeof BALANCE_DISPLAY_CURRENCIES)[number], number> = { USD: profile.balanceUsd, RUB: profile.balanceRub };
  const since = profile.createdAt ? format.date(profile.createdAt, false) || null : null;

  // The token is revoked on the server first, so a copy of it (another tab, a stolen one) ends too.
  const logout = () => {
    void revokeSession()
      .then(() => signOut(() => navigate('/', { replace: true })))
      .then(() => {
        queryClient.clear();
        toast.info(t('auth.logout_success'));
      });
  };

  return (
    <div className={styles.layout}>
      <section className={`card ${styles.identity}`} aria-labelledby="profile-nickname">
        <div className={styles.avatar} role="img" aria-label={t('profile.avatar', { nickname: profile.nickname })}>
          {initials(profile.nickname)}
        </div>
        <div className={styles.who}>
          <h1 id="profile-nickname" className={styles.nickname}>
            {profile.nickname}
          </h1>
          <span className={`${styles.role} ${isAdmin ? styles.roleAdmin : ''}`}>
            {isAdmin && <ShieldIcon size={14} />}
            {isAdmin ? t('profile.role_admin') : t('profile.role_user')}
          </span>
        </div>
        <dl className={styles.facts}>
          <div>
            <dt>{t('profile.user_id')}</dt>
            <dd className={styles.mono}>{String(profile.id)}</dd>
          </div>
        </dl>
        {since && <p className={styles.since}>{t('profile.member_since', { date: since })}</p>}
        <div className={styles.actions}>
          <Link to="/orders" className="btn">
            <OrdersIcon size={18} />
            {t('profile.orders_link')}
          </Link>
          {isAdmin && (
            <a href="/admin/" className="btn">
              <ShieldIcon size={18} />
              {t('profile.open_admin')}
            </a>
          )}
          <button type="button" className="btn btn--danger" onClick={logout}>
            <LogoutIcon size={18} />
            {t('profile.logout')}
          </button>
        </div>
      </section>

      <div className={styles.side}>
        <section className={styles.balances} aria-labelledby="profile-balances">
          <h2 id="profile-balances" className="section-title">
            {t('profile.balances')}
          </h2>
          <ul className={styles.balanceList}>
            {BALANCE_DISPLAY_CURRENCIES.map((code) => (
              <li key={code} className={`card ${styles.balance} ${code === preferred ? styles.preferred : ''}`}>
                <span className={styles.balanceSymbol} aria-hidden="true">
                  {CURRENCY_SYMBOLS[code]}
                </span>
                <span className={styles.balanceLabel}>{t(code === 'USD' ? 'profile.balance_usd' : 'profile.balance_rub')}</span>
                <span className={styles.balanceValue} data-testid={`balance-${code.toLowerCase()}`}>
                  {formatMoney(balance[code], code)}
                </span>
              </li>
            ))}
          </ul>
          <BalanceTopup isAdmin={isAdmin} preferred={preferred} />
        </section>
        {buyerStatus}
        <EmailSettings profile={profile} />
        <ChangePasswordForm />
      </div>
    </div>
  );
}
