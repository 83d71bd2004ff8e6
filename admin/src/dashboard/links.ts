import { listLink } from '../lib/listLink';
import type { Dashboard } from '@topup/common/api';

/** Where a low-stock line is restocked: the codes of that product, PUBG package or Free Fire offer. */
export function lowStockLink(line: Dashboard['lowStock'][number], basename = ''): { pathname: string; search: string } {
  switch (line.kind) {
    case 'code':
      return listLink('codes', { productId: line.id }, basename);
    case 'pubg':
      return listLink('pubgCodes', { denominationId: line.id }, basename);
    case 'freefire':
      return listLink('generatedCodes', { denominationId: line.id }, basename);
  }
}
