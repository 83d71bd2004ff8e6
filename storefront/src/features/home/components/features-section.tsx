import { useTranslation } from 'react-i18next';
import { BoltIcon } from '../../../components/ui/icons/bolt-icon';
import { CardIcon } from '../../../components/ui/icons/card-icon';
import { ShieldIcon } from '../../../components/ui/icons/shield-icon';
import styles from './features-section.module.css';

const FEATURES = [
  { key: 'secure', Icon: ShieldIcon },
  { key: 'fast', Icon: BoltIcon },
  { key: 'payment', Icon: CardIcon },
] as const;

export function FeaturesSection() {
  const { t } = useTranslation();
  return (
    <section className={styles.section} aria-labelledby="features-title">
      <h2 id="features-title" className="section-title">
        {t('home.features_title')}
      </h2>
      <ul className={styles.grid}>
        {FEATURES.map(({ key, Icon }) => (
          <li key={key} className={styles.item}>
            <span className={styles.icon}>
              <Icon size={24} />
            </span>
            <h3 className={styles.title}>{t(`home.features.${key}.title`)}</h3>
            <p className={styles.text}>{t(`home.features.${key}.text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
