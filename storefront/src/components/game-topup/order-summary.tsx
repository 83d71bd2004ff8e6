import type { ReactNode } from 'react';
import styles from './order-summary.module.css';

export interface SummaryRow {
  key: string;
  label: ReactNode;
  value: ReactNode;
}

interface OrderSummaryProps {
  titleId: string;
  title: string;
  rows: SummaryRow[];
  /** Shown instead of the rows when nothing is chosen yet. */
  emptyText: string;
  totalLabel: string;
  total: ReactNode;
  /** A line under the total ("2 165 UC"). */
  totalHint?: string;
}

/** What is being bought and the total in the display currency. */
export function OrderSummary({ titleId, title, rows, emptyText, totalLabel, total, totalHint }: OrderSummaryProps) {
  return (
    <section className={styles.summary} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className={styles.empty}>{emptyText}</p>
      ) : (
        <dl className={styles.rows}>
          {rows.map((row) => (
            <div key={row.key} className={styles.row}>
              <dt>{row.label}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <div className={styles.totalRow}>
        <span className={styles.totalLabel}>{totalLabel}</span>
        <span className={styles.totalValues}>
          <output className={styles.total} aria-live="polite" data-testid="summary-total">
            {total}
          </output>
          {totalHint && <span className={styles.totalHint}>{totalHint}</span>}
        </span>
      </div>
    </section>
  );
}
