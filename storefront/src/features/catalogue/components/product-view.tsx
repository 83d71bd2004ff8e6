import { useTranslation } from 'react-i18next';
import { ErrorCode } from '@topup/common';
import { BackLink } from '../../../components/ui/back-link';
import { ProductNotFound } from '../../../components/ui/product-not-found';
import { ErrorState } from '../../../components/ui/state-views';
import { toApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-message';
import { useProduct } from '../api/get-product';
import { ProductImage } from './product-image';
import { PurchasePanel } from './purchase-panel';
import page from '../../../components/layout/detail-page.module.css';
import styles from './product-view.module.css';

export function ProductView({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const product = useProduct({ slug });

  if (product.isPending) return <ProductSkeleton />;

  if (product.isError) {
    const error = toApiError(product.error);
    if (error.status === 404 || error.code === ErrorCode.NOT_FOUND) return <ProductNotFound />;
    return (
      <>
        <title>{`${t('catalogue.title')} — ${t('app.name')}`}</title>
        <ErrorState message={errorText(t, error, 'product.load_failed')} onRetry={() => void product.refetch()} />
      </>
    );
  }

  const data = product.data;
  const isTopup = data.category === 'topup';
  return (
    <article className={page.layout}>
      <title>{`${data.title} — ${t('app.name')}`}</title>
      <div className={page.media}>
        <ProductImage product={data} className={page.image} eager />
      </div>
      <div className={page.text}>
        <span className={page.badge}>{isTopup ? t('catalogue.topup_badge') : t('catalogue.giftcard_badge')}</span>
        <h1 className="page-title">{data.title}</h1>
        {data.description && <p className={page.description}>{data.description}</p>}
      </div>
      <div className={`${page.main} ${styles.purchase}`}>
        <PurchasePanel key={data.id} product={data} />
      </div>
      {data.activationInstructions && (
        <details className={`${page.side} ${styles.instructions}`} open>
          <summary>{t('product.instructions')}</summary>
          <p>{data.activationInstructions}</p>
        </details>
      )}
    </article>
  );
}

function ProductSkeleton() {
  const { t } = useTranslation();
  return (
    <div className={page.layout} aria-busy="true" aria-label={t('common.loading')}>
      <title>{`${t('catalogue.title')} — ${t('app.name')}`}</title>
      <div className={`skeleton ${page.media}`} />
      <div className={page.text}>
        <div className="skeleton" style={{ height: 36, width: '70%' }} />
        <div className="skeleton" style={{ height: 16, width: '95%' }} />
        <div className="skeleton" style={{ height: 16, width: '80%' }} />
      </div>
      <div className={`${page.main} ${styles.purchase}`}>
        <div className="skeleton" style={{ height: 420, borderRadius: 20 }} />
      </div>
    </div>
  );
}

export function BackToProducts() {
  const { t } = useTranslation();
  return (
<BackLink to="/products">{t('product.back')}</BackLink>
  );
}
