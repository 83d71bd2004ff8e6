import { useTranslation } from 'react-i18next';
import { FeaturedGames } from '../../features/home/components/featured-games';
import { FeaturesSection } from '../../features/home/components/features-section';
import { Hero } from '../../features/home/components/hero';
import { PromotionBadges } from '../../features/promotions/components/promotion-badges';
import styles from './routes.module.css';

export function HomeRoute() {
  const { t } = useTranslation();
  return (
    <div className={`container ${styles.home}`}>
      <title>{`${t('app.name')} — ${t('app.tagline')}`}</title>
      <Hero promotions={(className) => <PromotionBadges className={className} />} />
      <FeaturedGames />
      <FeaturesSection />
    </div>
  );
}

export { HomeRoute as Component };
