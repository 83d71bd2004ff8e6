import { useTranslation } from 'react-i18next';
import { OPTIONS_PAGE_SIZE } from '@topup/common';
import { ArrowLeftIcon, ArrowRightIcon } from '../../../components/ui/icons';
import type { Currency } from '../../../lib/currency';
import { pickPrice } from '../../../lib/currency';
import { useFormatMoney, useFormatNumber } from '../../../lib/preferences';
import type { PriceOption } from '../../../types/api';
import { optionKey, pageCount, pageItems } from '../utils/purchase';
import styles from './option-grid.module.css';

interface OptionGridProps {
  labelId: string;
  options: PriceOption[];
  selectedKey: string | null;
  onSelect: (option: PriceOption) => void;
  page: number;
  onPageChange: (page: number) => void;
  currency: Currency;
  gameCurrency: string;
}

/** Price options as a 3-column grid, 9 per page, with arrows and dots when there is more than one page. */
export function OptionGrid({ labelId, options, selectedKey, onSelect, page, onPageChange, currency, gameCurrency }: OptionGridProps) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const formatNumber = useFormatNumber();
  const pages = pageCount(options.length, OPTIONS_PAGE_SIZE);
  const current = Math.min(page, pages - 1);
  const visible = pageItems(options, current, OPTIONS_PAGE_SIZE);

  return (
    <div className={styles.wrap}>
      <div role="group" aria-labelledby={labelId} className={styles.grid}>
        {visible.map((option) => {
          const key = optionKey(option);
          const soldOut = option.available_count <= 0;
          const selected = key === selectedKey;
          return (
            <button
              key={key}
              type="button"
              className={`${styles.option} ${selected ? styles.selected : ''}`}
              aria-pressed={selected}
              disabled={soldOut}
              onClick={() => onSelect(option)}
            >
              <span className={styles.amount}>
                {formatNumber(Number(option.game_amount))}
                {gameCurrency && <span className={styles.unit}> {gameCurrency}</span>}
              </span>
              <span className={styles.price}>{formatMoney(pickPrice(option, currency), currency)}</span>
              <span className={`${styles.stock} ${soldOut ? styles.soldOut : ''}`}>
                {soldOut ? t('product.out_of_stock') : t('product.in_stock', { count: option.available_count })}
              </span>
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
