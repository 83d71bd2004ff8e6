import type { ProductRegions } from '@topup/common/api';
import { RESOURCE_ENDPOINTS } from '../dataProvider';
import type { ApiRequest } from '../lib/useApiRequest';

const regionsUrl = (productId: number) => `${RESOURCE_ENDPOINTS.products}/${productId}/regions`;

/** GET /api/admin/products/:id/regions */
export const getProductRegions = (request: ApiRequest, productId: number) =>
  request<ProductRegions>('GET', regionsUrl(productId));

/** PUT /api/admin/products/:id/regions — the product is sold in exactly these regions. */
export const putProductRegions = (request: ApiRequest, productId: number, regionIds: number[]) =>
  request<ProductRegions>('PUT', regionsUrl(productId), { regionIds });

/** PUT /api/admin/products/:id/regions/:regionId/currency — '' goes back to the product's own game currency. */
export const putRegionGameCurrency = (request: ApiRequest, productId: number, regionId: number, gameCurrency: string) =>
  request<ProductRegions>('PUT', `${regionsUrl(productId)}/${regionId}/currency`, { gameCurrency });
