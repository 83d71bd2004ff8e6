import type { ReactNode } from 'react';
import { LogoMark } from '../../../components/ui/icons/logo-mark';
import styles from './auth.module.css';

/** The centred card shared by /login and /register. */
export function AuthLayout({ title, subtitle, children, footer }: { title: string; subtitle: string; children: ReactNode; footer: ReactNode }) {
  return (
    <div className={`container ${styles.page}`}>
      <div className={styles.glow} aria-hidden="true" />
      <div className={`card ${styles.card}`}>
        <div className={styles.head}>
          <LogoMark size={44} />
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.subtitle}>{subtitle}</p>
        </div>
        {children}
        <div className={styles.footer}>{footer}</div>
      </div>
    </div>
  );
}
