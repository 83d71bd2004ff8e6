import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../../components/ui/icons/alert-icon';
import { BoltIcon } from '../../../components/ui/icons/bolt-icon';
import { GlobeIcon } from '../../../components/ui/icons/globe-icon';
import styles from './steam-page.module.css';

/** Payment and restriction notes, and the two warnings about the login. */
export function SteamInfo() {
  const { t } = useTranslation();
  return (
    <>
      <div className={styles.infoCards}>
        <section className={styles.infoCard}>
          <span className={styles.infoIcon} aria-hidden="true">
            <BoltIcon size={20} />
          </span>
          <div>
            <h2 className={styles.infoTitle}>{t('steam.info.payment_title')}</h2>
            <p className={styles.infoText}>{t('steam.info.payment_text')}</p>
          </div>
        </section>
        <section className={styles.infoCard}>
          <span className={styles.infoIcon} aria-hidden="true">
            <GlobeIcon size={20} />
          </span>
          <div>
            <h2 className={styles.infoTitle}>{t('steam.info.restrictions_title')}</h2>
            <p className={styles.infoText}>{t('steam.info.restrictions_text')}</p>
          </div>
        </section>
      </div>
      <section className={styles.warnings} aria-label={t('steam.warnings.title')}>
        <h2 className={styles.warningsTitle}>
          <AlertIcon size={18} />
          {t('steam.warnings.title')}
        </h2>
        <ul>
          <li>{t('steam.warnings.not_nickname')}</li>
          <li>{t('steam.warnings.wrong_login')}</li>
        </ul>
      </section>
    </>
  );
}
