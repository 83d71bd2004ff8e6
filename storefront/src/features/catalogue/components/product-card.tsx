import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Product } from '@topup/common/api';
import { ArrowRightIcon } from '../../../components/ui/icons/arrow-right-icon';
import { ProductImage } from './product-image';
import styles from './product-card.module.css';

export function ProductCard({ product, eager = false }: { product: Product; eager?: boolean }) {
  const { t } = useTranslation();
  const isTopup = product.category === 'topup';
  return (
    <li className={styles.item}>
      <Link to={`/products/${encodeURIComponent(product.slug)}`} className={styles.card}>
        <div className={styles.media}>
          <ProductImage product={product} className={styles.image} eager={eager} />
        </div>
        <div className={styles.body}>
          <h3 className={styles.title}>{product.title}</h3>
          {product.description && <p className={styles.description}>{product.description}</p>}
          <span className={styles.cta}>
            {isTopup ? t('catalogue.top_up') : t('catalogue.view')}
            <ArrowRightIcon size={16} />
          </span>
        </div>
      </Link>
    </li>
  );
}

export function ProductCardSkeleton() {
  return (
    <li className={styles.item} aria-hidden="true">
      <div className={`${styles.card} ${styles.skeletonCard}`}>
        <div className={`skeleton ${styles.media}`} />
        <div className={styles.body}>
          <div className="skeleton" style={{ height: 20, width: '60%' }} />
          <div className="skeleton" style={{ height: 14, width: '90%' }} />
          <div className="skeleton" style={{ height: 14, width: '75%' }} />
        </div>
      </div>
    </li>
  );
}
