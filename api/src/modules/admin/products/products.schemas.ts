export type { ProductCategory } from '@topup/common';
