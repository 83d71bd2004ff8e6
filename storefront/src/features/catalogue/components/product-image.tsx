import type { Product } from '@topup/common/api';
import { useState } from 'react';

const PLACEHOLDER = '/images/placeholder.svg';

/** The product's image_url, else its bundled `/images/<slug>.svg`, else a neutral placeholder. */
export function productImageCandidates(product: Pick<Product, 'slug' | 'image_url'>): string[] {
  const candidates = [product.image_url.trim(), `/images/${product.slug}.svg`, PLACEHOLDER].filter(
    (src): src is string => Boolean(src),
  );
  return [...new Set(candidates)];
}

export function ProductImage({
  product,
  className,
  eager = false,
}: {
  product: Pick<Product, 'slug' | 'image_url'>;
  className?: string;
  eager?: boolean;
}) {
  const candidates = productImageCandidates(product);
  const [index, setIndex] = useState(0);
  return (
    <img
      src={candidates[Math.min(index, candidates.length - 1)]}
      alt=""
      className={className}
      loading={eager ? 'eager' : 'lazy'}
      // An eager image is above the fold, likely the page's largest paint: fetch it before the rest.
      fetchPriority={eager ? 'high' : 'auto'}
      width={640}
      height={400}
      onError={() => setIndex((i) => (i < candidates.length - 1 ? i + 1 : i))}
    />
  );
}
