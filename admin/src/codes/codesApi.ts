import type { BulkCodesResult } from '@topup/common/api';
import { postText, RESOURCE_ENDPOINTS } from '../dataProvider';
import type { ApiRequest } from '../lib/useApiRequest';
import { GLOBAL_REGION } from './types';

const BULK_URL = `${RESOURCE_ENDPOINTS.codes}/bulk`;

/** Where bulk codes go: a product, and a region or (GLOBAL_REGION / none) global. */
export interface BulkTarget {
  productId: number;
  regionId?: number | null;
}

const regionOf = (target: BulkTarget) =>
  target.regionId === undefined || target.regionId === null || target.regionId === GLOBAL_REGION ? undefined : target.regionId;

/** POST /api/admin/codes/bulk, JSON form: `{productId, regionId?, codes}`. */
export function postCodeLines(request: ApiRequest, target: BulkTarget, codes: string) {
  const regionId = regionOf(target);
  return request<BulkCodesResult>('POST', BULK_URL, { productId: target.productId, ...(regionId ? { regionId } : {}), codes });
}

/** POST /api/admin/codes/bulk, streamed form: the lines as a text/plain body, the target in the query. */
export function postCodeFile(target: BulkTarget, body: Blob) {
  const regionId = regionOf(target);
  const query = { productId: String(target.productId), ...(regionId ? { regionId: String(regionId) } : {}) };
  return postText<BulkCodesResult>(BULK_URL, query, body);
}
