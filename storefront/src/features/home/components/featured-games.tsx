import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ArrowRightIcon } from '../../../components/ui/icons/arrow-right-icon';
import styles from './featured-games.module.css';

/** The three static featured cards of the home page. */
const FEATURED = [
  { key: 'pubg', to: '/products/pubg', image: '/images/pubg.svg' },
  { key: 'steam', to: '/products/steam', image: '/images/steam.svg' },
  { key: 'freefire', to: '/products/freefire', image: '/images/freefire.svg' },
] as const;

export function FeaturedGames() {
  const { t } = useTranslation();
  return (
    <section className={styles.section} aria-labelledby="featured-title">
      <div className={styles.head}>
        <h2 id="featured-title" className="section-title">
          {t('home.featured_title')}
        </h2>
        <p className="section-subtitle">{t('home.featured_subtitle')}</p>
      </div>
      <ul className={styles.grid}>
        {FEATURED.map((item) => (
          <li key={item.key} className={`card ${styles.card}`}>
            <div className={styles.media}>
              <img src={item.image} alt="" loading="lazy" width={640} height={400} />
            </div>
            <div className={styles.body}>
              <h3 className={styles.title}>{t(`home.featured.${item.key}.title`)}</h3>
              <p className={styles.description}>{t(`home.featured.${item.key}.description`)}</p>
              <Link
                to={item.to}
                className={`btn btn--primary ${styles.button}`}
                aria-label={`${t('home.top_up')}: ${t(`home.featured.${item.key}.title`)}`}
              >
                {t('home.top_up')}
                <ArrowRightIcon size={18} />
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
