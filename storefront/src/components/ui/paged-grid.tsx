import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OPTIONS_PAGE_SIZE } from '@topup/common';
import { clampPage, pageCount, pageItems } from '../../lib/paging';
import { ArrowLeftIcon } from './icons/arrow-left-icon';
import { ArrowRightIcon } from './icons/arrow-right-icon';
import styles from './paged-grid.module.css';

interface PagedGridProps<T> {
  /** Id of the heading that names the grid. */
  labelId: string;
  items: readonly T[];
  getKey: (item: T) => string | number;
  isSelected: (item: T) => boolean;
  isDisabled?: (item: T) => boolean;
  onSelect: (item: T) => void;
  /** The tile's content (use the Tile* parts below for the shared look). */
  renderItem: (item: T) => ReactNode;
  /** An accessible name for a tile when its visible content is not enough. */
  getLabel?: (item: T) => string | undefined;
  page: number;
  onPageChange: (page: number) => void;
  pageSize?: number;
}

/**
 * Selectable tiles as a 3-column grid, 9 per page, with arrows and dots when there is more than one
 * page. Used by the product page's price options and the game top-up pages.
 */
export function PagedGrid<T>({
  labelId,
  items,
  getKey,
  isSelected,
  isDisabled,
  onSelect,
  renderItem,
  getLabel,
  page,
  onPageChange,
  pageSize = OPTIONS_PAGE_SIZE,
}: PagedGridProps<T>) {
  const { t } = useTranslation();
  const pages = pageCount(items.length, pageSize);
  const current = clampPage(page, items.length, pageSize);
  const visible = pageItems(items, current, pageSize);

  return (
    <div className={styles.wrap}>
      <div role="group" aria-labelledby={labelId} className={styles.grid}>
        {visible.map((item) => {
          const selected = isSelected(item);
          return (
            <button
              key={getKey(item)}
              type="button"
              className={`${styles.tile} ${selected ? styles.selected : ''}`}
              aria-pressed={selected}
              aria-label={getLabel?.(item)}
              disabled={isDisabled?.(item) ?? false}
              onClick={() => onSelect(item)}
            >
              {renderItem(item)}
            </button>
          );
        })}
      </div>

      {pages > 1 && (
        <nav className={styles.pager} aria-label={t('product.page_status', { page: current + 1, total: pages })}>
          <button
            type="button"
            className={`btn btn--icon btn--sm ${styles.arrow}`}
            onClick={() => onPageChange(current - 1)}
            disabled={current === 0}
            aria-label={t('product.prev_page')}
          >
            <ArrowLeftIcon size={18} />
          </button>
          <ol className={styles.dots}>
            {Array.from({ length: pages }, (_, index) => (
              <li key={index}>
                <button
                  type="button"
                  className={`${styles.dot} ${index === current ? styles.dotActive : ''}`}
                  onClick={() => onPageChange(index)}
                  aria-label={t('product.go_to_page', { page: index + 1 })}
                  aria-current={index === current ? 'page' : undefined}
                />
              </li>
            ))}
          </ol>
          <button
            type="button"
            className={`btn btn--icon btn--sm ${styles.arrow}`}
            onClick={() => onPageChange(current + 1)}
            disabled={current >= pages - 1}
            aria-label={t('product.next_page')}
          >
            <ArrowRightIcon size={18} />
          </button>
        </nav>
      )}
    </div>
  );
}

/**
 * The tile's headline: an amount with an optional unit ("5 USD"), or a name (`text`: "310 Diamonds",
 * set a little smaller so its words fit a narrow tile whole).
 */
export function TileAmount({ amount, unit, text = false }: { amount: string; unit?: string; text?: boolean }) {
  return (
    <span className={`${styles.amount} ${text ? styles.amountText : ''}`}>
      {amount}
      {unit && <span className={styles.unit}> {unit}</span>}
    </span>
  );
}

export function TilePrice({ children }: { children: ReactNode }) {
  return <span className={styles.price}>{children}</span>;
}

/** A small line under the price (stock, availability); `danger` for a problem. */
export function TileNote({ children, danger = false }: { children: ReactNode; danger?: boolean }) {
  return <span className={`${styles.note} ${danger ? styles.noteDanger : ''}`}>{children}</span>;
}

/** A count in the selected tile's corner (a package chosen more than once), in place of the dot. */
export function TileBadge({ children }: { children: ReactNode }) {
  return <span className={styles.badge}>{children}</span>;
}

/** Placeholder tiles while the items load. */
export function PagedGridSkeleton({ label, count = 6 }: { label: string; count?: number }) {
  return (
    <div className={styles.skeleton} aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="skeleton" />
      ))}
    </div>
  );
}
