import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BackIcon } from './icons/back-icon';
import styles from './back-link.module.css';

/** The "← back to …" link above a detail page. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={styles.back}>
      <BackIcon size={18} />
      {children}
    </Link>
  );
}
