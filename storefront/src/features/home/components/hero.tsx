import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ArrowRightIcon } from '../../../components/ui/icons/arrow-right-icon';
import styles from './hero.module.css';

/** The home page's banner; `promotions` draws the active promotions in the place (class) the banner gives them. */
export function Hero({ promotions }: { promotions: (className: string | undefined) => ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      {promotions(styles.promotions)}
      <div className={styles.content}>
        <p className={styles.eyebrow}>
          <span className={styles.dot} aria-hidden="true" />
          {t('home.hero_eyebrow')}
        </p>
        <h1 id="hero-title" className={styles.title}>
          {t('home.hero_title')}
        </h1>
        <p className={styles.subtitle}>{t('home.hero_subtitle')}</p>
        <Link to="/products" className={`btn btn--primary btn--lg ${styles.cta}`}>
          {t('home.hero_cta')}
          <ArrowRightIcon size={18} />
        </Link>
      </div>
      <div className={styles.art} aria-hidden="true">
        <img src="/images/steam.svg" alt="" className={`${styles.tile} ${styles.tileBack}`} />
        <img src="/images/freefire.svg" alt="" className={`${styles.tile} ${styles.tileMiddle}`} />
        <img src="/images/pubg.svg" alt="" className={`${styles.tile} ${styles.tileFront}`} />
      </div>
    </section>
  );
}
