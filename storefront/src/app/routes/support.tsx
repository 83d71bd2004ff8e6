import { useTranslation } from 'react-i18next';
import { SupportView } from '../../features/support/components/support-view';
import styles from './routes.module.css';

export function SupportRoute() {
  const { t } = useTranslation();
  return (
    <div className="container page">
      <title>{`${t('support.title')} — ${t('app.name')}`}</title>
      <header className={styles.pageHead}>
        <h1 className="page-title">{t('support.title')}</h1>
        <p className="page-subtitle">{t('support.subtitle')}</p>
      </header>
      <SupportView />
    </div>
  );
}

export { SupportRoute as Component };
