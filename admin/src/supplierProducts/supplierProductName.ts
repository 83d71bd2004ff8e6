import type { AdminSupplierProduct } from '@topup/common/api';
import { formatMoney } from '../lib/money';

/** A supplier's product as pickers and links name it: its name and what it costs the store. */
export const supplierProductName = (product: AdminSupplierProduct): string => `${product.name} · ${formatMoney(product.cost, product.costCurrency)}`;
