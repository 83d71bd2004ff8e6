import { useState } from 'react';
import styles from './thumbnail.module.css';

const PLACEHOLDER = '/images/placeholder.svg';

/** A small square picture of a product or top-up; falls back to the neutral placeholder. */
export function Thumbnail({ src, size = 64, className }: { src: string | null | undefined; size?: number; className?: string }) {
  const wanted = src?.trim() || PLACEHOLDER;
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <span className={`${styles.frame} ${className ?? ''}`} style={{ width: size, height: size }}>
      <img
        src={failed === wanted ? PLACEHOLDER : wanted}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        className={styles.image}
        onError={() => setFailed(wanted)}
      />
    </span>
  );
}
