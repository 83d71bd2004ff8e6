import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SearchIcon } from './icons/search-icon';
import { StateView } from './state-views';

/** /products/<slug> of no product on sale, a product's or a game's: says so and leads to the catalogue. */
export function ProductNotFound() {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t('product.not_found_title')} — ${t('app.name')}`}</title>
      <StateView
        headingLevel={1}
        icon={<SearchIcon size={28} />}
        title={t('product.not_found_title')}
        text={t('product.not_found_text')}
        actions={
          <Link to="/products" className="btn btn--primary">
            {t('product.browse_products')}
          </Link>
        }
      />
    </>
  );
}
