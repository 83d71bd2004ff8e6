import { useTranslation } from 'react-i18next';
import { ProductCatalogue } from '../../features/catalogue/components/product-catalogue';
import styles from './routes.module.css';

export function ProductsRoute() {
  const { t } = useTranslation();
  return (
    <div className="container page">
      <title>{`${t('catalogue.title')} — ${t('app.name')}`}</title>
      <header className={styles.pageHead}>
        <h1 className="page-title">{t('catalogue.title')}</h1>
        <p className="page-subtitle">{t('catalogue.subtitle')}</p>
      </header>
      <ProductCatalogue />
    </div>
  );
}

export { ProductsRoute as Component };
