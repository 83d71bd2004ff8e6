import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { Product } from '@topup/common/api';
import { ErrorState, StateView } from '../../../components/ui/state-views';
import { SearchIcon } from '../../../components/ui/icons/search-icon';
import { SearchBox } from '../../../components/ui/search-box';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { errorText } from '../../../lib/error-message';
import { useProducts } from '../api/get-products';
import { ProductCard, ProductCardSkeleton } from './product-card';
import styles from './product-catalogue.module.css';

export const SEARCH_DEBOUNCE_MS = 350;

/** /products: keyword search (through the API) and the top-up and gift-card sections. */
export function ProductCatalogue() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const debounced = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const products = useProducts({ search: debounced });

  const setSearch = (value: string) => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value) next.set('q', value);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  };

  const list = Array.isArray(products.data) ? products.data : [];
  const topups = list.filter((product) => product.category === 'topup');
  const giftCards = list.filter((product) => product.category !== 'topup');
  const pending = search.trim() !== debounced || (products.isFetching && products.isPlaceholderData);
  const searching = debounced !== '';

  let content;
  if (products.isPending) {
    content = (
      <div className={styles.sections}>
        <ul className={styles.grid} aria-busy="true">
          {Array.from({ length: 6 }, (_, index) => (
            <ProductCardSkeleton key={index} />
          ))}
        </ul>
      </div>
    );
  } else if (products.isError && list.length === 0) {
    content = (
      <ErrorState message={errorText(t, products.error, 'catalogue.load_failed')} onRetry={() => void products.refetch()} />
    );
  } else if (list.length === 0) {
    content = searching ? (
      <StateView
        icon={<SearchIcon size={28} />}
        title={t('catalogue.no_results', { query: debounced })}
        text={t('catalogue.no_results_hint')}
        actions={
          <button type="button" className="btn" onClick={() => setSearch('')}>
            {t('catalogue.clear_search')}
          </button>
        }
      />
    ) : (
      <StateView title={t('catalogue.empty')} />
    );
  } else {
    content = (
      <div className={`${styles.sections} ${pending ? styles.stale : ''}`}>
        <Section
          id="topups"
          title={t('catalogue.topup_section')}
          subtitle={t('catalogue.topup_subtitle')}
          products={topups}
          searching={searching}
          aboveTheFold
        />
        <Section
          id="gift-cards"
          title={t('catalogue.giftcards_section')}
          subtitle={t('catalogue.giftcards_subtitle')}
          products={giftCards}
          searching={searching}
        />
      </div>
    );
  }

  return (
    <div className={styles.catalogue}>
      <div className={styles.toolbar}>
        <SearchBox
          value={search}
          onChange={setSearch}
          busy={pending}
          large
          label={t('catalogue.search_label')}
          placeholder={t('catalogue.search_placeholder')}
          clearLabel={t('catalogue.clear_search')}
          maxLength={100}
        />
        <p className={styles.count} aria-live="polite">
          {products.isSuccess && searching ? t('catalogue.results_count', { count: list.length }) : ''}
        </p>
      </div>
      {content}
    </div>
  );
}

/** Cards in the widest grid's first row. */
const FIRST_ROW = 3;

function Section({
  id,
  title,
  subtitle,
  products,
  searching,
  aboveTheFold = false,
}: {
  id: string;
  title: string;
  subtitle: string;
  products: Product[];
  searching: boolean;
  /** The first row's images load at once: they are what the page shows first. */
  aboveTheFold?: boolean;
}) {
  const { t } = useTranslation();
  if (products.length === 0 && searching) return null;
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <div className={styles.sectionHead}>
        <h2 id={`${id}-title`} className="section-title">
          {title}
        </h2>
        <p className="section-subtitle">{subtitle}</p>
      </div>
      {products.length === 0 ? (
        <p className={styles.sectionEmpty}>{t('catalogue.section_empty')}</p>
      ) : (
        <ul className={styles.grid}>
          {products.map((product, index) => (
            <ProductCard key={product.id} product={product} eager={aboveTheFold && index < FIRST_ROW} />
          ))}
        </ul>
      )}
    </section>
  );
}
