import { useTranslation } from 'react-i18next';
import { useSupportSettings } from '../../features/support/api/get-support-settings';
import { SupportView } from '../../features/support/components/support-view';
import { parseLanguage } from '../../lib/i18n';
import styles from './routes.module.css';

export function SupportRoute() {
  const { t, i18n } = useTranslation();
  const settings = useSupportSettings();
  // The back office's intro in this language, else the store's own words.
  const intro = settings.data?.intro[parseLanguage(i18n.language)] || t('support.subtitle');
  return (
    <div className="container page">
      <title>{`${t('support.title')} — ${t('app.name')}`}</title>
      <header className={styles.pageHead}>
        <h1 className="page-title">{t('support.title')}</h1>
        <p className="page-subtitle">{intro}</p>
      </header>
      <SupportView />
    </div>
  );
}

export { SupportRoute as Component };
